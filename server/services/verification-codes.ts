/**
 * Email verification codes (CONTRACTS §8, DESIGN §7). Exactly 4 digits, which
 * is only 10,000 possibilities, so the rails matter more than the code:
 * - stored as an HMAC keyed by the server secret (a leaked table cannot be
 *   brute-forced offline in microseconds as a plain hash of 4 digits could);
 * - valid 10 minutes and single use (the row is deleted on success);
 * - at most 5 wrong tries per code, then a new code must be requested;
 * - a 30-second cooldown between resends (the first resend right after
 *   registering is allowed: people often click it at once), plus the per-IP
 *   and per-account rate limits in the routes.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 30 * 1000;

export function newCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

function codeHash(secret: string, userId: number, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

/** Stores a fresh code for the user (replacing any previous one) and returns it. */
export async function storeNewCode(
  db: Queryable,
  secret: string,
  userId: number,
  nowMs: number,
  kind: 'first' | 'resend',
): Promise<string> {
  const code = newCode();
  await db.query(
    `INSERT INTO email_verifications (user_id, code_hash, expires_at, wrong_attempts, sent_at, resent_at)
     VALUES ($1, $2, $3, 0, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET code_hash = $2, expires_at = $3, wrong_attempts = 0, sent_at = $4,
       resent_at = COALESCE($5, email_verifications.resent_at)`,
    [
      userId,
      codeHash(secret, userId, code),
      new Date(nowMs + CODE_TTL_MS),
      new Date(nowMs),
      kind === 'resend' ? new Date(nowMs) : null,
    ],
  );
  return code;
}

/** Milliseconds until the user may ask for another code (0 = now). */
export async function resendWaitMs(db: Queryable, userId: number, nowMs: number): Promise<number> {
  const found = await db.query<{ resent_at: Date | null }>(
    'SELECT resent_at FROM email_verifications WHERE user_id = $1',
    [userId],
  );
  const last = found.rows[0]?.resent_at;
  if (!last) return 0;
  return Math.max(0, new Date(last).getTime() + RESEND_COOLDOWN_MS - nowMs);
}

export type CheckResult = 'ok' | 'wrong' | 'expired' | 'too-many' | 'none';

/** Checks a code; a wrong one counts against the code's 5 tries; a right one is consumed. */
export async function checkCode(
  db: Queryable,
  secret: string,
  userId: number,
  code: string,
  nowMs: number,
): Promise<CheckResult> {
  const found = await db.query<{ code_hash: string; expires_at: Date; wrong_attempts: number }>(
    'SELECT code_hash, expires_at, wrong_attempts FROM email_verifications WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  const row = found.rows[0];
  if (!row) return 'none';
  if (row.wrong_attempts >= MAX_WRONG_ATTEMPTS) return 'too-many';
  if (new Date(row.expires_at).getTime() <= nowMs) return 'expired';
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(secret, userId, code), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await db.query('DELETE FROM email_verifications WHERE user_id = $1', [userId]);
    return 'ok';
  }
  await db.query('UPDATE email_verifications SET wrong_attempts = wrong_attempts + 1 WHERE user_id = $1', [userId]);
  return 'wrong';
}
