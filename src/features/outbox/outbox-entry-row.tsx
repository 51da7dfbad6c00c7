/** One queued write on the Outbox screen: what, age, state, last error, and what the user can do about it. */
import { useState } from 'react';
import { Link } from '../../components/link.tsx';
import { describeEntry } from '../../shared/outbox/describe-entry.ts';
import { STALE_AFTER_MS } from '../../shared/outbox/outbox-summary.ts';
import { discardEntry, retryNow, type OutboxEntryView } from '../../stores/sync-actions.ts';
import { useSync } from '../../stores/sync-store.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { membershipsOf, shownAccountId, useAccount } from '../../stores/account-store.ts';
import { useShownEvents } from '../../stores/use-overlaid-events.ts';
import { ConflictChoice } from './conflict-choice.tsx';
import { ageText, editorLink, stateLabel } from './use-outbox-entries.ts';

export function OutboxEntryRow({ view, now }: { view: OutboxEntryView; now: number }) {
  const [busy, setBusy] = useState(false);
  // Offline, a retry has nowhere to go: like "Retry all now", it waits for the connection.
  const online = useSync((s) => s.online);
  const business = useAuth((s) => s.user?.user_type !== 'subpromoter');
  // A team member's queue can hold writes for several accounts: each row says whose it is,
  // and Edit is offered only in the account it belongs to (the editor edits the shown one).
  const userId = useAuth((s) => s.user?.id);
  const forAccount = useAccount((s) => accountLabel(s, userId, view.accountId ?? null));
  const inShownAccount = useAccount((s) => (view.accountId ?? userId ?? null) === shownAccountId(s, userId));
  const edit = inShownAccount ? editorLink(view, business) : null;
  const stale = now - view.createdAt > STALE_AFTER_MS;
  // The record as the dashboard lists it: a write that changes only the status names it by its title.
  const record = useShownEvents().find((shown) => shown.target === view.target)?.record ?? null;
  const what = describeEntry(view, record);
  const run = (task: () => Promise<void>) => {
    setBusy(true);
    void task().finally(() => setBusy(false));
  };
  const discard = () => {
    if (window.confirm(`Discard “${what}”? This change will not be sent.`)) run(() => discardEntry(view.id));
  };
  return (
    <li className={`outbox-entry outbox-entry--${view.state}`}>
      <div className="outbox-entry__head">
        <h2 className="outbox-entry__what">{what}</h2>
        <span className="outbox-entry__state">{stateLabel[view.state]}</span>
      </div>
      <p className="outbox-entry__meta">
        Queued <time dateTime={new Date(view.createdAt).toISOString()}>{ageText(view.createdAt, now)}</time>
        {view.attempts ? ` · ${view.attempts} ${view.attempts === 1 ? 'attempt' : 'attempts'}` : ''}
        {view.hasImage ? ' · with an image' : ''}
        {forAccount ? ` · for ${forAccount}` : ''}
      </p>
      {stale ? (
        <p className="outbox-entry__stale">
          This change has waited more than a week. Send it or copy it somewhere safe.
        </p>
      ) : null}
      {view.lastError ? <p className="outbox-entry__error">{view.lastError}</p> : null}
      {view.conflict ? (
        <ConflictChoice
          entryId={view.id}
          mine={view.conflict.mine}
          theirs={view.conflict.theirs}
          listing={record?.is_listing === true}
        />
      ) : null}
      <div className="outbox-entry__actions">
        {view.conflict ? null : (
          <button
            type="button"
            className="button button--small"
            disabled={busy || !online}
            onClick={() => run(() => retryNow(view.id))}
          >
            Retry now
          </button>
        )}
        {edit ? (
          <Link to={edit} className="button button--ghost button--small">
            Edit
          </Link>
        ) : null}
        <button type="button" className="button button--ghost button--small" disabled={busy} onClick={discard}>
          Discard
        </button>
      </div>
    </li>
  );
}

/**
 * Whose account a write is for, when the person belongs to a team (null otherwise: a
 * single account needs no label). A membership removed since keeps its number.
 */
function accountLabel(
  state: Parameters<typeof membershipsOf>[0],
  userId: number | undefined,
  accountId: number | null,
): string | null {
  const memberships = membershipsOf(state, userId);
  if (accountId === null) return memberships.length > 0 ? 'your account' : null;
  return memberships.find((account) => account.owner_id === accountId)?.display_name ?? `account #${accountId}`;
}
