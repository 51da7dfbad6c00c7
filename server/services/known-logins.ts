/**
 * Addresses an account has signed in from (table known_logins). The global
 * per-account login limit spares them, so an attacker who trips it from many
 * addresses does not lock the owner out of their usual device. Remembered
 * for KNOWN_LOGIN_TTL_MS after the last success.
 */
import type { Queryable } from '../db/client.ts';

export const KNOWN_LOGIN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export async function isKnownLoginAddress(db: Queryable, userId: number, ip: string, nowMs: number): Promise<boolean> {
  const result = await db.query<{ known: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM known_logins WHERE user_id = $1 AND ip = $2 AND last_success_at > $3) AS known',
    [userId, ip, new Date(nowMs - KNOWN_LOGIN_TTL_MS)],
  );
  return result.rows[0]?.known === true;
}

export async function rememberLoginAddress(db: Queryable, userId: number, ip: string, nowMs: number): Promise<void> {
  await db.query(
    `INSERT INTO known_logins (user_id, ip, last_success_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, ip) DO UPDATE SET last_success_at = $3`,
    [userId, ip, new Date(nowMs)],
  );
}

export async function forgetOldLoginAddresses(db: Queryable, nowMs: number): Promise<void> {
  await db.query('DELETE FROM known_logins WHERE last_success_at <= $1', [new Date(nowMs - KNOWN_LOGIN_TTL_MS)]);
}
