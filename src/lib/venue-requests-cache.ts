/**
 * The last Requests list the business page read, kept per user so a venue's
 * owner who opens the page offline (even after a reload) still sees the
 * requests and can answer them through the outbox.
 */
import type { VenueRequest } from '../shared/contract/venue-approval.ts';
import { readCached, writeCached, type CachedRead } from '../shared/db/cache-storage.ts';

const requestsKey = (userId: number) => `venue-requests:${userId}`;

export function cacheVenueRequests(userId: number, requests: readonly VenueRequest[]): Promise<void> {
  return writeCached(requestsKey(userId), requests);
}

export function cachedVenueRequests(userId: number): Promise<CachedRead<readonly VenueRequest[]> | null> {
  return readCached<readonly VenueRequest[]>(requestsKey(userId));
}
