/**
 * Last known server reads in the `cache` store, so a dashboard visited once
 * online opens offline (contract §7). Keys name the data and the user
 * (`events:<userId>`), so one account never sees another's cached list.
 */
import { openDatabase } from './open-database.ts';

export interface CachedRead<T> {
  storedAt: number;
  data: T;
}

export async function readCached<T>(key: string): Promise<CachedRead<T> | null> {
  const db = await openDatabase();
  const row = await db.get('cache', key);
  return row ? { storedAt: row.storedAt, data: row.data as T } : null;
}

export async function writeCached(key: string, data: unknown, storedAt = Date.now()): Promise<void> {
  const db = await openDatabase();
  await db.put('cache', { key, storedAt, data });
}
