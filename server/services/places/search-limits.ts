/**
 * How often one caller may search places. Autocomplete is open to anyone
 * (the dashboard is its only caller, but CONTRACTS §3 lets it be called
 * without a token), so unauthenticated searches are counted per client
 * address and signed-in ones per account — counts live in the database
 * (rate_limits), shared by every instance.
 *
 * The dashboard sends at most one search per 400 ms of typing (SPEC §9), so
 * 150 a minute is a person typing without pause; 120 per account leaves room
 * for that in practice and stops a script. 60 per address is one a second:
 * enough for someone trying the search, far from the 20 clients in a loop
 * that slowed /api/health to 445 ms (issue 12, finding 2).
 */
import type { AccessClaims } from '../access-tokens.ts';
import { ApiError } from '../../http/problem.ts';
import { hit, type Limit } from '../rate-limit.ts';
import type { Queryable } from '../../db/client.ts';

export interface PlacesSearchLimits {
  perIp: Limit;
  perAccount: Limit;
}

export const defaultPlacesSearchLimits: PlacesSearchLimits = {
  perIp: { max: 60, windowSeconds: 60 },
  perAccount: { max: 120, windowSeconds: 60 },
};

/** Counts one search for this caller; throws 429 with Retry-After when over the limit. */
export async function countPlacesSearch(
  db: Queryable,
  caller: { user: AccessClaims | null; ip: string },
  limits: PlacesSearchLimits,
  nowMs: number,
): Promise<void> {
  const wait = caller.user
    ? await hit(db, `places:user:${caller.user.userId}`, limits.perAccount, nowMs)
    : await hit(db, `places:ip:${caller.ip}`, limits.perIp, nowMs);
  if (wait === 0) return;
  throw new ApiError(429, `Too many place searches. Please wait ${wait} seconds and try again.`, undefined, {
    'Retry-After': String(wait),
  });
}
