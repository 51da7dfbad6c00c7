import { Link } from '../../components/link.tsx';
import { brand } from '../../brand.ts';

const steps = [
  { title: 'Open Settings', text: `Open the ${brand.name} app and go to Settings.` },
  { title: 'Choose Delete Account', text: 'In Settings, tap Delete Account.' },
  { title: 'Confirm', text: 'Read the warning and confirm. Your account is closed and you are signed out.' },
];

export function Component() {
  return (
    <article className="page page--narrow delete">
      <p className="eyebrow">Your account</p>
      <h1>Delete your account</h1>
      <p className="lede">
        You can delete your {brand.name} account yourself, at any time, from the app. It takes three taps.
      </p>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step.title} className="steps__item">
            <h2 className="steps__title">{step.title}</h2>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="callout callout--warning">
        <h2>This cannot be undone</h2>
        <p>
          Deleting your account is irreversible. Your profile, videos, stories, saved places and, for businesses, your
          listing and events are removed, and your account data is deleted within 30 days. Records the law requires us
          to keep, such as payment records, are kept only for as long as required.
        </p>
      </div>
      <h2>Cannot open the app?</h2>
      <p>
        Email <a href={`mailto:${brand.supportEmail}?subject=Delete%20my%20account`}>{brand.supportEmail}</a> from the
        address on your account and ask us to delete it. We reply within {brand.replyWithinHours} hours and may ask you
        to confirm it is really you. See the <Link to="/privacy">Privacy Policy</Link> for what we keep and why.
      </p>
    </article>
  );
}
