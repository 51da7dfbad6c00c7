/**
 * First run: a new account lands on Profile, one tap from its first event.
 * Shown while the account has no event (its business listing does not
 * count); gone once it has one. The link opens the editor on Events (?new=1,
 * the same entry as the install shortcut).
 */
import { Link } from '../../components/link.tsx';
import { useMyEvents } from '../../stores/my-events-store.ts';
import { useShownEvents } from '../../stores/use-overlaid-events.ts';

export function FirstEventHint() {
  const status = useMyEvents((s) => s.status);
  const events = useShownEvents();
  if (status !== 'ready' || events.some((event) => !event.record.is_recurring)) return null;
  return (
    <aside className="dash-card first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">Your first event</h2>
      <p>Add a title, a place and a date, and it is ready to share, with a public page and a QR poster of its own.</p>
      <Link to="/dashboard/events?new=1" className="button button--primary">
        Create your first event
      </Link>
    </aside>
  );
}
