/**
 * Password recovery that strangers can slow for themselves but never block for
 * the owner (architecture §7, decision 021).
 *
 * Each reset mail carries two ways back in:
 * - a 4-digit code (contract), usable only by the requester that asked for the
 *   mail: the browser holding the `reset_requester` cookie the forgot answer set,
 *   or, from a request without that cookie, the same address. Wrong codes count
 *   against that requester's own mail (5 tries, counted apart for the cookie and
 *   for the address, so cookie-less guessers behind the owner's address cannot
 *   burn the browser's code) and against the account's day (20 wrong
 *   codes across everyone, so 4 digits give a guesser at most 0.2 % a day); a
 *   stranger's guesses never touch the codes other requesters hold.
 * - a link with a 256-bit token, valid 24 hours from any device. Nothing can be
 *   guessed, so nothing is counted: whatever strangers do to codes and budgets,
 *   the newest mail's link works.
 *
 * Mails per account are throttled without ever refusing the asker (the answer is
 * the same 200): at most one per 30 seconds, 5 an hour and 20 a day, except that
 * addresses the account signed in from skip the hour and day bounds. When a
 * request is throttled, a mail sent less than 30 seconds (or, at the hour and day
 * bounds, less than a day) ago holds a working link.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import * as resets from '../db/queries/password-resets.ts';
import { newCode, RESEND_COOLDOWN_MS } from './verification-codes.ts';

export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_WRONG_TRIES_PER_MAIL = 5;
export const RESET_WRONG_CODES_PER_ACCOUNT_PER_DAY = 20;
/** As long as one requester waits between its own requests, so nobody else's request can hide a new code. */
const MAIL_GAP_MS = RESEND_COOLDOWN_MS;
const MAILS_PER_HOUR = 5;
const MAILS_PER_DAY = 20;
/** Rows kept per account: a day's mails plus the few extra known addresses may ask for. */
const ROWS_KEPT = MAILS_PER_DAY + 5;

/** Who asked: the cookie's holder and the address; either may use the codes it was sent. */
export interface Requester {
  cookie: string | null;
  address: string;
}

export type CodeCheck = 'ok' | 'wrong' | 'expired' | 'too-many' | 'codes-off' | 'none';

function hmac(secret: string, input: string): string {
  return createHmac('sha256', secret).update(input).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * How this request proves it is the requester: a browser by its cookie (the forgot
 * answer set it), a client without cookies by its address.
 */
export function requesterProof(secret: string, requester: Requester): resets.RequesterProof {
  return requester.cookie
    ? { by: 'cookie', hash: hmac(secret, `reset-cookie:${requester.cookie}`) }
    : { by: 'address', hash: hmac(secret, `reset-address:${requester.address}`) };
}

export function newRequesterCookie(): string {
  return randomBytes(18).toString('base64url');
}

function codeHash(secret: string, userId: number, code: string): string {
  return hmac(secret, `password-reset:${userId}:${code}`);
}

export function linkHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a reset for `userId` when the account's mail budget allows; returns the
 * code and link token to mail, or null when a recent mail already holds a link.
 */
export async function createPasswordReset(
  db: Queryable,
  secret: string,
  userId: number,
  requester: Requester,
  knownAddress: boolean,
  nowMs: number,
): Promise<{ code: string; token: string } | null> {
  const now = new Date(nowMs);
  await resets.lockUserForReset(db, userId);
  const history = await resets.resetMailHistory(db, userId, now);
  const lastSent = history.last_sent_at ? new Date(history.last_sent_at).getTime() : null;
  if (lastSent !== null && nowMs - lastSent < MAIL_GAP_MS) return null;
  if (!knownAddress && (history.in_last_hour >= MAILS_PER_HOUR || history.in_last_day >= MAILS_PER_DAY)) return null;
  const code = newCode();
  const token = randomBytes(32).toString('base64url');
  await resets.insertPasswordReset(
    db,
    {
      userId,
      codeHash: codeHash(secret, userId, code),
      linkHash: linkHash(token),
      cookieHash: requester.cookie ? hmac(secret, `reset-cookie:${requester.cookie}`) : null,
      addressHash: hmac(secret, `reset-address:${requester.address}`),
      createdAt: now,
      codeExpiresAt: new Date(nowMs + RESET_CODE_TTL_MS),
      linkExpiresAt: new Date(nowMs + RESET_LINK_TTL_MS),
    },
    ROWS_KEPT,
  );
  return { code, token };
}

/**
 * Judges a code from `requester` against the resets mailed to it. `codesOff` is
 * whether the account's wrong codes for the day are spent (counted by the caller,
 * which also counts this try when it is wrong).
 */
export async function checkResetCode(
  db: Queryable,
  secret: string,
  userId: number,
  requester: Requester,
  code: string,
  codesOff: boolean,
  nowMs: number,
): Promise<CodeCheck> {
  const proof = requesterProof(secret, requester);
  const rows = await resets.lockRequesterResets(db, userId, proof);
  if (rows.length === 0) return 'none';
  if (codesOff) return 'codes-off';
  const given = codeHash(secret, userId, code);
  const match = rows.find((row) => sameHex(row.code_hash, given));
  if (match) {
    if (match.wrong_attempts >= RESET_WRONG_TRIES_PER_MAIL) return 'too-many';
    return new Date(match.code_expires_at).getTime() <= nowMs ? 'expired' : 'ok';
  }
  const newest = rows[0];
  if (!newest || newest.wrong_attempts >= RESET_WRONG_TRIES_PER_MAIL) return 'too-many';
  await resets.countWrongResetCode(db, newest.id, proof.by);
  return 'wrong';
}

/** The account a live link belongs to (locked until the transaction ends), or null. */
export async function accountOfResetLink(db: Queryable, token: string, nowMs: number): Promise<number | null> {
  const row = await resets.lockResetLink(db, linkHash(token), new Date(nowMs));
  return row?.user_id ?? null;
}

export { deletePasswordResets } from '../db/queries/password-resets.ts';
