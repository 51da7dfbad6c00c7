/**
 * How often one caller may search places. Autocomplete is open to anyone
 * (the dashboard is its only caller, but contract §3 lets it be called
 * without a token), so unauthenticated searches are counted per client
 * address and signed-in ones per account — counts live in the database
 * (rate_limits), shared by every instance.
 *
 * The dashboard sends at most one search per 400 ms of typing (product §9), so
 * 150 a minute is a person typing without pause; 120 per account leaves room
 * for that in practice and stops a script. 60 per address is one a second:
 * enough for someone trying the search, far from the 20 clients in a loop
 * that slowed /api/health to 445 ms.
 */
import type { AccessClaims } from '../access-tokens.ts';
import { RateLimited } from '../domain-errors.ts';
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

/** Callers known to be over their limit, so a flood is turned away without a database write. */
const MAX_REMEMBERED = 10_000;

export interface PlacesCaller {
  user: AccessClaims | null;
  ip: string;
}

export interface PlacesSearchLimiter {
  /** Throws RateLimited when this caller was refused earlier in its window; asks nothing of the database. */
  refuseKnown(caller: PlacesCaller, nowMs: number): void;
  /** Counts one search for this caller; throws RateLimited (429, Retry-After) when over the limit. */
  count(caller: PlacesCaller, nowMs: number): Promise<void>;
}

/**
 * Counts searches per caller. The database holds the counts (shared by every
 * instance); this process also remembers, until their window ends, the
 * callers it has already refused, so a client hammering the endpoint costs a
 * map lookup per request instead of a write. The memory is bounded: at most
 * 10,000 callers, expired ones dropped first.
 */
export function placesSearchLimiter(
  db: Queryable,
  limits: PlacesSearchLimits = defaultPlacesSearchLimits,
): PlacesSearchLimiter {
  const refusedUntil = new Map<string, number>();

  function remember(bucket: string, untilMs: number, nowMs: number): void {
    if (refusedUntil.size >= MAX_REMEMBERED) {
      for (const [key, until] of refusedUntil) if (until <= nowMs) refusedUntil.delete(key);
      if (refusedUntil.size >= MAX_REMEMBERED) refusedUntil.delete(refusedUntil.keys().next().value!);
    }
    refusedUntil.set(bucket, untilMs);
  }

  const bucketOf = (caller: PlacesCaller): [string, Limit] =>
    caller.user ? [`places:user:${caller.user.userId}`, limits.perAccount] : [`places:ip:${caller.ip}`, limits.perIp];

  const refused = (wait: number) =>
    new RateLimited(`Too many place searches. Please wait ${wait} seconds and try again.`, wait);

  function refuseKnown(caller: PlacesCaller, nowMs: number): void {
    const until = refusedUntil.get(bucketOf(caller)[0]);
    if (until !== undefined && until > nowMs) throw refused(Math.ceil((until - nowMs) / 1000));
  }

  return {
    refuseKnown,
    async count(caller, nowMs) {
      refuseKnown(caller, nowMs);
      const [bucket, limit] = bucketOf(caller);
      const wait = await hit(db, bucket, limit, nowMs);
      if (wait === 0) return;
      remember(bucket, nowMs + wait * 1000, nowMs);
      throw refused(wait);
    },
  };
}
