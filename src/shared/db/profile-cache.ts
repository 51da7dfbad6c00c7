/**
 * The last profile loaded while online, kept in the `cache` store so a signed-in
 * dashboard opens offline with the user's name (contract §7). Written after each
 * successful profile load, removed at sign-out (it is personal data).
 */
import type { User } from '../contract/user.ts';
import { openDatabase } from './open-database.ts';

const KEY = 'auth:last-profile';

export async function rememberProfile(user: User): Promise<void> {
  const db = await openDatabase();
  await db.put('cache', { key: KEY, storedAt: Date.now(), data: user });
}

export async function lastProfile(): Promise<User | null> {
  const db = await openDatabase();
  const row = await db.get('cache', KEY);
  return (row?.data as User | undefined) ?? null;
}

export async function forgetProfile(): Promise<void> {
  const db = await openDatabase();
  await db.delete('cache', KEY);
}
