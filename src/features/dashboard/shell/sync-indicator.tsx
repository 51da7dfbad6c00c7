/**
 * The dashboard header's sync indicator (architecture §5): online or offline, how
 * many writes wait, and whether any needs the user — each linking to the
 * Outbox screen, where queued writes can be retried, edited or discarded.
 *
 * "Online" comes from the browser, which says online on a connection that
 * carries nothing (a captive portal, one bar in a basement); so when sends get
 * no answer the indicator says the server cannot be reached, from the outcome
 * of real requests, and a tap on it sends the queue at once.
 */
import { useMatch } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import { sendQueueNow } from '../../../stores/sync-actions.ts';
import { useSync } from '../../../stores/sync-store.ts';
import { useSecondsUntil } from './use-seconds-until.ts';

export function SyncIndicator() {
  const online = useSync((s) => s.online);
  const reachable = useSync((s) => s.reachable);
  const nextRetryAt = useSync((s) => s.nextRetryAt);
  const pending = useSync((s) => s.pending);
  const needsAttention = useSync((s) => s.needsAttention);
  const paused = useSync((s) => s.paused);
  const storageWarning = useSync((s) => s.storageWarning);
  // The Outbox screen says it in full itself; once per screen is enough.
  const onOutbox = useMatch('/dashboard/outbox') !== null;
  const unreachable = online && !reachable && pending > 0 && paused === null;
  return (
    <div className="sync-indicator" role="status" aria-live="polite">
      {unreachable ? (
        <CantReach pending={pending} nextRetryAt={nextRetryAt} />
      ) : (
        <span className={online ? 'sync-dot sync-dot--online' : 'sync-dot sync-dot--offline'}>
          {online ? 'Online' : 'Offline'}
        </span>
      )}
      {pending > 0 && !unreachable ? (
        <Link to="/dashboard/outbox" className="sync-pill">
          {pending} pending
        </Link>
      ) : null}
      {needsAttention > 0 ? (
        <Link to="/dashboard/outbox" className="sync-pill sync-pill--attention">
          Needs attention
        </Link>
      ) : null}
      {paused === 'signed-out' ? <span className="sync-pill">Paused: sign in again</span> : null}
      {pending === 0 && needsAttention === 0 ? (
        <Link to="/dashboard/outbox" className="sync-link">
          All changes saved<span className="visually-hidden"> — open the outbox</span>
        </Link>
      ) : null}
      {storageWarning && !onOutbox ? <span className="sync-warning">{storageWarning}</span> : null}
    </div>
  );
}

/**
 * "Can't reach Roamly · 3 waiting · retrying in 20 s", as one button that sends
 * the queue now. The countdown is hidden from assistive technology: inside the
 * live region it would be read out every second.
 */
function CantReach({ pending, nextRetryAt }: { pending: number; nextRetryAt: number | null }) {
  const seconds = useSecondsUntil(nextRetryAt);
  return (
    <button type="button" className="sync-reach" onClick={() => void sendQueueNow()}>
      <span className="sync-dot sync-dot--unreachable">{"Can't reach Roamly"}</span> · {pending} waiting
      {seconds === null ? null : (
        <span aria-hidden="true"> · {seconds > 0 ? `retrying in ${seconds} s` : 'retrying now'}</span>
      )}
      <span className="visually-hidden"> · send now</span>
    </button>
  );
}
