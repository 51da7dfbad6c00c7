/**
 * Is the outbox's storage safe? Asks for persistent storage (so the browser
 * does not evict the site's IndexedDB under pressure) and detects an eviction
 * that already happened: a marker lives both in IndexedDB and localStorage;
 * if localStorage remembers a marker IndexedDB no longer has, the database
 * was cleared behind our back and unsent changes may be gone — say so.
 */
import { openDatabase } from '../shared/db/open-database.ts';

const MARKER = 'outbox-marker';

export const EVICTED_WARNING =
  'This browser cleared the app’s offline storage. Changes that had not been sent may be lost.';
export const NOT_PERSISTENT_WARNING =
  'Unsent changes are kept on this device, but the browser may clear them if it runs low on space.';

export async function checkStorage(): Promise<string | null> {
  const db = await openDatabase();
  const stored = (await db.get('meta', MARKER)) as string | undefined;
  const remembered = localStorage.getItem(`roamly-${MARKER}`);
  let warning: string | null = null;
  if (remembered && stored !== remembered) warning = EVICTED_WARNING;
  const marker = stored ?? crypto.randomUUID();
  if (!stored) await db.put('meta', marker, MARKER);
  localStorage.setItem(`roamly-${MARKER}`, marker);
  if (warning) return warning;
  const storage = navigator.storage as StorageManager | undefined;
  if (!storage?.persist) return null;
  const persisted = (await storage.persisted()) || (await storage.persist());
  return persisted ? null : NOT_PERSISTENT_WARNING;
}
