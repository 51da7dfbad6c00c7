/**
 * The dashboard header's sync indicator (architecture §5): online or offline, how
 * many writes wait, and whether any needs the user — each linking to the
 * Outbox screen, where queued writes can be retried, edited or discarded.
 */
import { useMatch } from 'react-router-dom';
import { Link } from '../../../components/link.tsx';
import { useSync } from '../../../stores/sync-store.ts';

export function SyncIndicator() {
  const online = useSync((s) => s.online);
  const pending = useSync((s) => s.pending);
  const needsAttention = useSync((s) => s.needsAttention);
  const paused = useSync((s) => s.paused);
  const storageWarning = useSync((s) => s.storageWarning);
  // The Outbox screen says it in full itself; once per screen is enough.
  const onOutbox = useMatch('/dashboard/outbox') !== null;
  return (
    <div className="sync-indicator" role="status" aria-live="polite">
      <span className={online ? 'sync-dot sync-dot--online' : 'sync-dot sync-dot--offline'}>
        {online ? 'Online' : 'Offline'}
      </span>
      {pending > 0 ? (
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
