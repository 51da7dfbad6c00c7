/**
 * Mailed 4-digit codes (contract §8, architecture §7): email verification, password
 * reset and email change all follow the same rules. 10,000 possibilities is
 * few, so the rails matter more than the code:
 * - stored as an HMAC keyed by the server secret, the user and the purpose (a
 *   leaked table cannot be brute-forced offline, and a code mailed for one
 *   purpose is worthless for another);
 * - valid 10 minutes and single use (the row is deleted on success);
 * - at most 5 wrong tries per code, then a new code must be requested;
 * - a 30-second cooldown between resends and per-IP and per-account rate
 *   limits, enforced in the routes.
 * Verification codes live in email_verifications (one per unverified user);
 * the others in account_codes, one per user and purpose.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import * as accountCodes from '../db/queries/account-codes.ts';
import type { AccountCodePurpose } from '../db/queries/account-codes.ts';
import * as verificationCodes from '../db/queries/verification-codes.ts';
import type { StoredCode } from '../db/queries/verification-codes.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 30 * 1000;

export type CheckResult = 'ok' | 'wrong' | 'expired' | 'too-many' | 'none';

export function newCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

function codeHash(secret: string, userId: number, code: string, purpose: AccountCodePurpose | null): string {
  // Verification codes keep their original input, so codes mailed before an upgrade still verify.
  const input = purpose ? `${purpose}:${userId}:${code}` : `${userId}:${code}`;
  return createHmac('sha256', secret).update(input).digest('hex');
}

function matches(storedHex: string, computedHex: string): boolean {
  const expected = Buffer.from(storedHex, 'hex');
  const given = Buffer.from(computedHex, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function judge(row: StoredCode | undefined, computedHash: string, nowMs: number): CheckResult {
  if (!row) return 'none';
  if (row.wrong_attempts >= MAX_WRONG_ATTEMPTS) return 'too-many';
  // Expiry is told only to whoever holds the right code: a probe with any code
  // must not learn that a pending registration (with an old code) exists.
  if (!matches(row.code_hash, computedHash)) return 'wrong';
  return new Date(row.expires_at).getTime() <= nowMs ? 'expired' : 'ok';
}

/** Stores a fresh verification code for the user (replacing any previous one) and returns it. */
export async function storeNewCode(db: Queryable, secret: string, userId: number, nowMs: number): Promise<string> {
  const code = newCode();
  await verificationCodes.upsertVerificationCode(db, userId, {
    hash: codeHash(secret, userId, code, null),
    expiresAt: new Date(nowMs + CODE_TTL_MS),
    sentAt: new Date(nowMs),
  });
  return code;
}

/** Checks a verification code; a wrong one counts against the code's 5 tries; a right one is consumed. */
export async function checkCode(
  db: Queryable,
  secret: string,
  userId: number,
  code: string,
  nowMs: number,
): Promise<CheckResult> {
  const found = await verificationCodes.lockVerificationCode(db, userId);
  const result = judge(found, codeHash(secret, userId, code, null), nowMs);
  if (result === 'ok') await verificationCodes.deleteVerificationCode(db, userId);
  if (result === 'wrong') await verificationCodes.countWrongVerificationTry(db, userId);
  return result;
}

/** Stores a fresh code for a password reset or an email change (replacing the previous one) and returns it. */
export async function storeAccountCode(
  db: Queryable,
  secret: string,
  userId: number,
  purpose: AccountCodePurpose,
  nowMs: number,
  newEmail: string | null = null,
): Promise<string> {
  const code = newCode();
  await accountCodes.upsertAccountCode(db, userId, purpose, {
    hash: codeHash(secret, userId, code, purpose),
    expiresAt: new Date(nowMs + CODE_TTL_MS),
    sentAt: new Date(nowMs),
    newEmail,
  });
  return code;
}

/** Checks (and on success consumes) a password-reset or email-change code; `newEmail` is what it proves. */
export async function checkAccountCode(
  db: Queryable,
  secret: string,
  userId: number,
  purpose: AccountCodePurpose,
  code: string,
  nowMs: number,
): Promise<{ result: CheckResult; newEmail: string | null }> {
  const row = await accountCodes.lockAccountCode(db, userId, purpose);
  const result = judge(row, codeHash(secret, userId, code, purpose), nowMs);
  if (result === 'ok') await accountCodes.deleteAccountCode(db, userId, purpose);
  if (result === 'wrong') await accountCodes.countWrongAccountCodeTry(db, userId, purpose);
  return { result, newEmail: row?.new_email ?? null };
}
