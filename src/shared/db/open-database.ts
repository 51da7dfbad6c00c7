import { openDB, type IDBPDatabase } from 'idb';
import { DB_NAME, DB_VERSION, type RoamlyDB } from './schema.ts';

export type RoamlyDatabase = IDBPDatabase<RoamlyDB>;

let opening: Promise<RoamlyDatabase> | null = null;

/** Opens (once per context) the app database, creating stores on first use. */
export function openDatabase(): Promise<RoamlyDatabase> {
  opening ??= openDB<RoamlyDB>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('auth');
        const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
        outbox.createIndex('bySeq', 'seq');
        outbox.createIndex('byTarget', 'target');
        db.createObjectStore('drafts', { keyPath: 'key' });
        db.createObjectStore('cache', { keyPath: 'key' });
        db.createObjectStore('meta');
      }
    },
    blocking() {
      // A newer version wants to upgrade (another tab has new code): step aside.
      opening?.then((db) => db.close()).catch(() => undefined);
      opening = null;
    },
  });
  return opening;
}

/** Test helper: forget the cached connection (after fake-indexeddb is reset). */
export function resetDatabaseConnection(): void {
  opening = null;
}
