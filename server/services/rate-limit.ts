/**
 * Fixed-window rate limits kept in the database (table rate_limits), so every
 * API process behind a load balancer counts into the same buckets. One
 * statement per hit: it opens a new window when the old one has ended and
 * returns the count, so concurrent hits cannot both slip under the limit.
 */
import type { Queryable } from '../db/client.ts';
import { countHits, readBucket, takeBackHit } from '../db/queries/rate-limits.ts';
import { outlivingRollback } from '../db/request-transaction.ts';
import { RateLimited } from './domain-errors.ts';

export interface Limit {
  /** Hits allowed per window. */
  max: number;
  windowSeconds: number;
}

/** The limits per action; tests and benchmarks may pass their own. */
export interface RateLimitPolicy {
  /** Every login attempt from one address. */
  loginPerIp: Limit;
  /** Failed logins of one email from one address (the tight one). */
  loginFailuresPerAccountIp: Limit;
  /** Failed logins of one email from anywhere (the slow, global one); addresses the account signed in from are exempt. */
  loginFailuresPerAccount: Limit;
  registerPerIp: Limit;
  registerPerAccount: Limit;
  verifyPerIp: Limit;
  verifyPerAccount: Limit;
  resendPerIp: Limit;
  resendPerAccount: Limit;
  reportPerIp: Limit;
  reportPerAccount: Limit;
  /** Tries of a mailed code (verify, email change) per email, account or target address per day, across all its codes. */
  codeTriesPerAccountPerDay: Limit;
  /** The public page's insights beacon, from one address (IPv4, or IPv6 /64). */
  insightHitsPerIp: Limit;
  /** Team invitation mails one owner sends (services/team/teams.ts). */
  teamInvitesPerOwner: Limit;
  /** New follows (push or email) from one address. */
  followPerIp: Limit;
  /** Follow confirmation mails to one address. */
  followMailsPerAddress: Limit;
  /** Follow confirmation mails about one target, to any address. */
  followMailsPerTarget: Limit;
  /** Presses of a mailed follow confirmation's button from one address. */
  followConfirmsPerIp: Limit;
}

// Per IP the limits are generous: one office, school or carrier NAT can put
// many people behind one address, and end-to-end suites sign in and register
// many times from 127.0.0.1. Per account they are tight, because that is where
// guessing happens: 10 wrong passwords per 15 minutes, 15 code tries per 10
// minutes (on top of 5 per code), 6 resends per hour.
//
// Logins — three counters, each counted atomically
// BEFORE the slow password hash, so parallel guesses can never get more
// checks than the limit (a success gives its count back afterwards):
// - per IP, every attempt: 300 a minute (generous, for NATs);
// - per account + IP, failures: 10 per 15 minutes. This is what stops a
//   guesser, and what a lock-out aimed at a victim hits: the attacker's own
//   address, not the victim's;
// - per account, failures from anywhere: 50 per hour, against guessing spread
//   over many addresses. When it trips, addresses this account has signed in
//   from in the last 90 days (known_logins) may still try — within their own
//   10 per 15 minutes — so the victim's own device still signs in.
// Password and email change count wrong current passwords the same way: per
// account + IP, and per account from anywhere (known addresses exempt).
// Email-change codes reuse the verify and resend limits, per caller AND per
// target address: many accounts aimed at one address
// neither mail-bomb it nor share out guesses at its codes.
//
// Password reset has its own rules (services/password-resets.ts): codes bound
// to the requester that asked for them, a link nobody can guess, and mails
// throttled per account without ever refusing the owner.
//
// Mailed codes have only 4 digits (contract §8): 5 tries per code and 15 per
// 10 minutes would still allow ~2,000 guesses a day, a 1-in-5 chance to take
// over an account through password reset (or to pre-claim an email through
// verification). So every email/account also gets 20 code tries per day
// across all its codes: at most 0.2% a day, and each new code is a mail the
// owner sees.
//
// Following needs no account: 30 new follows per address per 10 minutes is
// more than a person taps, and a confirmation mail goes to one address at most
// 5 times an hour and about one target 200 times an hour, so nobody fills a
// stranger's inbox through a follow form. Its confirmation button is pressed
// once per mail: 30 per address per 10 minutes bounds what a caller trying
// tokens costs (a statement each), and a NAT of real followers never meets it.
// The unsubscribe link has no limit per address: mail providers press it for
// their users (RFC 8058 one-click) from a few addresses.
//
// Team invitations are mails to addresses the owner types: 30 a day is a
// whole team invited twice over, and never a way to mail strangers in bulk.
//
// The insights beacon is anonymous and sent on every page load: 120 a minute
// per address leaves room for a NAT full of readers (a refused beacon loses
// only a count, never the page), and its bucket is one row per address,
// however many beacons that address sends.
export const defaultRateLimits: RateLimitPolicy = {
  loginPerIp: { max: 300, windowSeconds: 60 },
  loginFailuresPerAccountIp: { max: 10, windowSeconds: 15 * 60 },
  loginFailuresPerAccount: { max: 50, windowSeconds: 60 * 60 },
  registerPerIp: { max: 100, windowSeconds: 10 * 60 },
  registerPerAccount: { max: 5, windowSeconds: 10 * 60 },
  verifyPerIp: { max: 200, windowSeconds: 10 * 60 },
  verifyPerAccount: { max: 15, windowSeconds: 10 * 60 },
  resendPerIp: { max: 100, windowSeconds: 10 * 60 },
  resendPerAccount: { max: 6, windowSeconds: 60 * 60 },
  reportPerIp: { max: 100, windowSeconds: 10 * 60 },
  reportPerAccount: { max: 20, windowSeconds: 10 * 60 },
  codeTriesPerAccountPerDay: { max: 20, windowSeconds: 24 * 60 * 60 },
  insightHitsPerIp: { max: 120, windowSeconds: 60 },
  teamInvitesPerOwner: { max: 30, windowSeconds: 24 * 60 * 60 },
  followPerIp: { max: 30, windowSeconds: 10 * 60 },
  followMailsPerAddress: { max: 5, windowSeconds: 60 * 60 },
  followMailsPerTarget: { max: 200, windowSeconds: 60 * 60 },
  followConfirmsPerIp: { max: 30, windowSeconds: 10 * 60 },
};

/** Counts one hit in `bucket`; returns seconds to wait when over the limit, else 0. */
export function hit(db: Queryable, bucket: string, limit: Limit, nowMs: number): Promise<number> {
  return hitAll(db, [{ bucket, limit }], nowMs);
}

/** Counts one hit in each bucket (one statement); returns the longest wait any of them asks for, else 0. */
export async function hitAll(
  db: Queryable,
  checks: readonly { bucket: string; limit: Limit }[],
  nowMs: number,
): Promise<number> {
  const limits = new Map(checks.map((check) => [check.bucket, check.limit]));
  const buckets = [...limits].map(([bucket, limit]) => ({ bucket, windowSeconds: limit.windowSeconds }));
  // A hit counts even when the request it belongs to rolls back (see request-transaction.ts).
  const rows = await countHits(outlivingRollback(db), buckets, new Date(nowMs));
  let wait = 0;
  for (const row of rows) {
    const limit = limits.get(row.bucket);
    if (!limit || row.hits <= limit.max) continue;
    const endsAt = new Date(row.window_start).getTime() + limit.windowSeconds * 1000;
    wait = Math.max(wait, Math.ceil((endsAt - nowMs) / 1000), 1);
  }
  return wait;
}

/** Gives one hit back (a login that turned out right was counted as a failure in advance). */
export async function unhit(db: Queryable, bucket: string): Promise<void> {
  await takeBackHit(db, bucket);
}

/** Reads whether `bucket` is already over its limit, without counting a hit. */
export async function overLimit(db: Queryable, bucket: string, limit: Limit, nowMs: number): Promise<number> {
  const row = await readBucket(db, bucket);
  if (!row) return 0;
  const endsAt = new Date(row.window_start).getTime() + limit.windowSeconds * 1000;
  if (endsAt <= nowMs || row.hits < limit.max) return 0;
  return Math.max(1, Math.ceil((endsAt - nowMs) / 1000));
}

export function tooManyRequests(retryAfterSeconds: number): RateLimited {
  return new RateLimited(
    `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`,
    retryAfterSeconds,
  );
}

/** Counts a hit in each bucket and throws 429 (with Retry-After) when any is over. */
export async function enforce(
  db: Queryable,
  checks: readonly { bucket: string; limit: Limit }[],
  nowMs: number,
): Promise<void> {
  const wait = await hitAll(db, checks, nowMs);
  if (wait > 0) throw tooManyRequests(wait);
}

/**
 * Like `enforce`, but a request already over a limit is refused without being
 * counted: a caller hammering a limit does not push its window on (or fill
 * the other buckets of the request).
 */
export async function enforceUncounted(
  db: Queryable,
  checks: readonly { bucket: string; limit: Limit }[],
  nowMs: number,
): Promise<void> {
  let wait = 0;
  for (const check of checks) wait = Math.max(wait, await overLimit(db, check.bucket, check.limit, nowMs));
  if (wait > 0) throw tooManyRequests(wait);
  await enforce(db, checks, nowMs);
}

/** The failure buckets of one login: per account + IP and per account. */
export function loginBuckets(email: string, ip: string): { accountIp: string; account: string } {
  const account = email.toLowerCase();
  return { accountIp: `login-fail:acct-ip:${account}|${ip}`, account: `login-fail:acct:${account}` };
}

/**
 * Counts one login attempt as a failure before the password is checked and
 * throws 429 when over: per account + IP always; per account unless the
 * address is one the account signed in from before (`knownAddress`).
 */
export async function admitLoginAttempt(
  db: Queryable,
  policy: RateLimitPolicy,
  email: string,
  ip: string,
  knownAddress: boolean,
  nowMs: number,
): Promise<void> {
  const buckets = loginBuckets(email, ip);
  const accountIpWait = await hit(db, buckets.accountIp, policy.loginFailuresPerAccountIp, nowMs);
  if (accountIpWait > 0) throw tooManyRequests(accountIpWait);
  const accountWait = await hit(db, buckets.account, policy.loginFailuresPerAccount, nowMs);
  if (accountWait > 0 && !knownAddress) throw tooManyRequests(accountWait);
}

/** A login that succeeded was not a failure: gives back what admitLoginAttempt counted. */
export async function forgiveLoginAttempt(db: Queryable, email: string, ip: string): Promise<void> {
  const buckets = loginBuckets(email, ip);
  await unhit(db, buckets.accountIp);
  await unhit(db, buckets.account);
}
