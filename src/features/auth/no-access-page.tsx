import { Link } from '../../components/link.tsx';
import { brand } from '../../brand.ts';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';

export function Component() {
  useDocumentTitle('Dashboard not available');
  return (
    <article className="page page--narrow">
      <h1>The dashboard is for businesses and promoters</h1>
      <p>
        You are signed in with a {brand.name} app account. The web dashboard is where venues, businesses and event
        promoters manage their profile, their events and their business listing, so it is not available to app accounts.
      </p>
      <p>
        Everything you can do as a member — discovering events, following promoters, saving places — lives in the{' '}
        {brand.name} app.
      </p>
      <p className="actions">
        <Link to={`/${brand.slug}`} className="button button--primary">
          Get the app
        </Link>
        <Link to="/register" className="button button--ghost">
          Register a business or promoter account
        </Link>
      </p>
      <p>
        Think this is a mistake? <Link to="/contact">Contact us</Link> and we will sort it out within{' '}
        {brand.replyWithinHours} hours.
      </p>
    </article>
  );
}
