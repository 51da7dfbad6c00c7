import { Link } from '../../components/link.tsx';
import { brand } from '../../brand.ts';
import { Island } from '../../components/island.tsx';
import { IssueForm } from './issue-form.tsx';

export function Component() {
  return (
    <article className="page page--narrow issue">
      <p className="eyebrow">Support</p>
      <h1>Report an issue</h1>
      <p className="lede">
        Something broken, confusing or unsafe in {brand.name}? Tell us here. A person reads every report, and we reply
        within {brand.replyWithinHours} hours when you leave an email address.
      </p>
      <Island name="issue-form">
        <IssueForm />
      </Island>
      <p className="issue__aside">
        Prefer to talk? <Link to="/contact">Contact us</Link> by email or on {brand.messagingApp}. To remove your
        account, follow the steps on <Link to="/delete">Delete your account</Link>.
      </p>
    </article>
  );
}
