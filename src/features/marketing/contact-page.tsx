import { Link } from '../../components/link.tsx';
import { brand } from '../../brand.ts';

const digits = brand.messagingNumber.replace(/\D/g, '');

export function Component() {
  return (
    <article className="page page--narrow contact">
      <p className="eyebrow">Contact</p>
      <h1>Talk to a person</h1>
      <p className="lede">
        Questions about the app, your listing, a payment or a report? Write to us. We reply within{' '}
        {brand.replyWithinHours} hours, every day of the week.
      </p>
      <ul className="contact__ways">
        <li className="contact__way">
          <h2>Email</h2>
          <p>
            <a className="contact__value" href={`mailto:${brand.supportEmail}`}>
              {brand.supportEmail}
            </a>
          </p>
          <p>Best for anything with details, screenshots or account questions.</p>
        </li>
        <li className="contact__way">
          <h2>{brand.messagingApp}</h2>
          <p>
            <a className="contact__value" href={`https://wa.me/${digits}`}>
              {brand.messagingNumber}
            </a>
          </p>
          <p>Message us for quick questions. We do not take voice calls on this number.</p>
        </li>
        <li className="contact__way">
          <h2>Report an issue</h2>
          <p>
            <Link className="contact__value" to="/issue">
              Open the report form
            </Link>
          </p>
          <p>Something broken or unsafe? The form reaches the team directly, no account needed.</p>
        </li>
      </ul>
      <div className="callout">
        <h2>Replies within {brand.replyWithinHours} hours</h2>
        <p>
          Most answers come much sooner. Before writing, the <Link to="/faq">FAQ</Link> may already have what you need.
          Businesses and promoters who want to join can <Link to="/register">create an account</Link> straight away.
        </p>
      </div>
    </article>
  );
}
