/**
 * The one IndexedDB database of the app, shared by pages and the service
 * worker. Tokens live here (not localStorage) because the worker must be able
 * to send queued writes; the outbox, drafts and the read cache live here so a
 * killed tab, a browser restart or a worker restart loses nothing.
 */
import type { DBSchema } from 'idb';
import type { StoredTokens } from '../api/api-client.ts';
import type { OutboxEntry } from '../outbox/entry.ts';

export { DB_NAME } from '../contract/app-database.ts';
export const DB_VERSION = 1;

export interface RoamlyDB extends DBSchema {
  /** Single row under key `current`. */
  auth: { key: string; value: StoredTokens };
  /** Queued writes; see src/shared/outbox. */
  outbox: {
    key: string;
    value: OutboxEntry;
    indexes: { bySeq: number; byTarget: string };
  };
  /** Unsaved form state per form key. */
  drafts: { key: string; value: { key: string; savedAt: number; userId: number | null; data: unknown } };
  /** Last known server reads (profile, events) for offline use, per user. */
  cache: { key: string; value: { key: string; storedAt: number; data: unknown } };
  /** Small flags and counters (e.g. persistence requested, outbox sequence). */
  meta: { key: string; value: unknown };
}
