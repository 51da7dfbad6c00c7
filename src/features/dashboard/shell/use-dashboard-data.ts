/**
 * Keeps the dashboard's data fresh while it is open: starts the outbox,
 * loads the events (server, else cache), reloads them after every successful
 * send or when the connection comes back, and re-reads the outbox entries
 * that overlay them whenever the sync state changes.
 */
import { useEffect } from 'react';
import { flushDraftsWhenHidden } from '../../../stores/drafts-actions.ts';
import { startSync } from '../../../stores/sync-actions.ts';
import { useSync } from '../../../stores/sync-store.ts';
import { loadMyEvents, refreshEntries, resetMyEvents } from '../data/my-events-store.ts';

export function useDashboardData(userId: number | undefined): void {
  const revision = useSync((s) => s.revision);
  const online = useSync((s) => s.online);
  const byTarget = useSync((s) => s.byTarget);
  const pending = useSync((s) => s.pending);

  useEffect(() => {
    startSync();
    flushDraftsWhenHidden();
  }, []);

  // A different account never sees the previous one's list.
  useEffect(() => {
    resetMyEvents();
  }, [userId]);

  useEffect(() => {
    if (userId !== undefined) void loadMyEvents(userId);
  }, [userId, revision, online]);

  useEffect(() => {
    void refreshEntries();
  }, [byTarget, pending, revision]);
}
