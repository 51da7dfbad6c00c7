import type { StoredTokens } from '../api/api-client.ts';
import { openDatabase } from './open-database.ts';

const KEY = 'current';

export async function readTokens(): Promise<StoredTokens | null> {
  const db = await openDatabase();
  return (await db.get('auth', KEY)) ?? null;
}

export async function writeTokens(tokens: StoredTokens): Promise<void> {
  const db = await openDatabase();
  await db.put('auth', tokens, KEY);
}

export async function clearTokens(): Promise<void> {
  const db = await openDatabase();
  await db.delete('auth', KEY);
}
