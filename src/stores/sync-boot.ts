/**
 * App start-up trigger of the outbox, kept tiny: a marketing page only counts
 * the queued writes (one IndexedDB read) and loads the sending code when there
 * is something to send — e.g. an issue report made offline before a reload.
 */
import { openDatabase } from '../shared/db/open-database.ts';
import { setReloadGuard } from '../lib/reload-guard.ts';

/** An app update never reloads the page while writes are unsent or a form has unsaved changes. */
export async function updateMayReload(): Promise<boolean> {
  const db = await openDatabase();
  const [queued, drafts] = await Promise.all([db.count('outbox'), db.count('drafts')]);
  return queued === 0 && drafts === 0;
}

export async function startSyncIfQueued(): Promise<void> {
  setReloadGuard(updateMayReload);
  const db = await openDatabase();
  if ((await db.count('outbox')) === 0) return;
  const { startSync } = await import('./sync-actions.ts');
  startSync();
}
