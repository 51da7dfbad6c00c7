/**
 * Keeps the dashboard's data fresh while it is open: starts the outbox,
 * loads the events (server, else cache), reloads them after successful sends
 * (at most once a second while the outbox drains) or when the connection comes back. The outbox entries that overlay
 * them come from the sync store, which the outbox client keeps current.
 */
import { useEffect, useRef } from 'react';
import { flushDraftsWhenHidden } from '../../../stores/drafts-actions.ts';
import { startSync } from '../../../stores/sync-actions.ts';
import { useSync } from '../../../stores/sync-store.ts';
import { loadMyEvents, reloadAfterSend, showAccount } from '../../../stores/my-events-store.ts';

/** `userId`: the account shown — a team member's chosen owner, else the signed-in user's own. */
export function useDashboardData(userId: number | undefined): void {
  const revision = useSync((s) => s.revision);
  const online = useSync((s) => s.online);

  useEffect(() => {
    startSync();
    flushDraftsWhenHidden();
  }, []);

  // A different account (another sign-in, or another choice in the Account switcher) never sees the previous
  // one's list; the same account's, loaded or loading since the page started, stays.
  useEffect(() => {
    showAccount(userId);
  }, [userId]);

  useEffect(() => {
    if (userId !== undefined) void loadMyEvents(userId);
  }, [userId, online]);

  // After sends: at most one reload a second while the outbox drains (my-events-store.ts).
  const seenRevision = useRef(revision);
  useEffect(() => {
    if (userId === undefined || seenRevision.current === revision) return;
    seenRevision.current = revision;
    reloadAfterSend(userId);
  }, [userId, revision]);
}
