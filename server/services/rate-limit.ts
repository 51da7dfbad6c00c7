/**
 * Fixed-window rate limits kept in the database (table rate_limits), so every
 * API process behind a load balancer counts into the same buckets. One
 * statement per hit: it opens a new window when the old one has ended and
 * returns the count, so concurrent hits cannot both slip under the limit.
 */
import type { Queryable } from '../db/client.ts';
import { outlivingRollback } from '../db/request-transaction.ts';
import { ApiError } from '../http/problem.ts';

export interface Limit {
  /** Hits allowed per window. */
  max: number;
  windowSeconds: number;
}

/** The limits per action; tests and benchmarks may pass their own. */
export interface RateLimitPolicy {
  loginPerIp: Limit;
  /** Counts failed logins of one email only, so a user is not locked out by their own successes. */
  loginFailuresPerAccount: Limit;
  registerPerIp: Limit;
  registerPerAccount: Limit;
  verifyPerIp: Limit;
  verifyPerAccount: Limit;
  resendPerIp: Limit;
  resendPerAccount: Limit;
  reportPerIp: Limit;
  reportPerAccount: Limit;
}

// Per IP the limits are generous: one office, school or carrier NAT can put
// many people behind one address, and end-to-end suites sign in and register
// many times from 127.0.0.1. Per account they are tight, because that is where
// guessing happens: 10 wrong passwords per 15 minutes, 15 code tries per 10
// minutes (on top of 5 per code), 6 resends per hour.
export const defaultRateLimits: RateLimitPolicy = {
  loginPerIp: { max: 300, windowSeconds: 60 },
  loginFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { max: 100, windowSeconds: 10 * 60 },
  registerPerAccount: { max: 5, windowSeconds: 10 * 60 },
  verifyPerIp: { max: 200, windowSeconds: 10 * 60 },
  verifyPerAccount: { max: 15, windowSeconds: 10 * 60 },
  resendPerIp: { max: 100, windowSeconds: 10 * 60 },
  resendPerAccount: { max: 6, windowSeconds: 60 * 60 },
  reportPerIp: { max: 100, windowSeconds: 10 * 60 },
  reportPerAccount: { max: 20, windowSeconds: 10 * 60 },
};

/** Counts one hit in `bucket`; returns seconds to wait when over the limit, else 0. */
export async function hit(db: Queryable, bucket: string, limit: Limit, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  // A hit counts even when the request it belongs to rolls back (see request-transaction.ts).
  const result = await outlivingRollback(db).query<{ hits: number; window_start: Date }>(
    `INSERT INTO rate_limits AS r (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket) DO UPDATE SET
       hits = CASE WHEN r.window_start <= $2 - make_interval(secs => $3) THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= $2 - make_interval(secs => $3) THEN $2 ELSE r.window_start END
     RETURNING hits, window_start`,
    [bucket, now, limit.windowSeconds],
  );
  const row = result.rows[0];
  if (!row || row.hits <= limit.max) return 0;
  const endsAt = new Date(row.window_start).getTime() + limit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - nowMs) / 1000));
}

/** Reads whether `bucket` is already over its limit, without counting a hit. */
export async function overLimit(db: Queryable, bucket: string, limit: Limit, nowMs: number): Promise<number> {
  const result = await db.query<{ hits: number; window_start: Date }>(
    'SELECT hits, window_start FROM rate_limits WHERE bucket = $1',
    [bucket],
  );
  const row = result.rows[0];
  if (!row) return 0;
  const endsAt = new Date(row.window_start).getTime() + limit.windowSeconds * 1000;
  if (endsAt <= nowMs || row.hits < limit.max) return 0;
  return Math.max(1, Math.ceil((endsAt - nowMs) / 1000));
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(429, `Too many attempts. Please wait ${retryAfterSeconds} seconds and try again.`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
}

/** Counts a hit in each bucket and throws 429 (with Retry-After) when any is over. */
export async function enforce(
  db: Queryable,
  checks: readonly { bucket: string; limit: Limit }[],
  nowMs: number,
): Promise<void> {
  let wait = 0;
  for (const check of checks) wait = Math.max(wait, await hit(db, check.bucket, check.limit, nowMs));
  if (wait > 0) throw tooManyRequests(wait);
}
