/**
 * The last insights the dashboard read for a listing, kept per user and
 * listing so the Insights view opens offline with its "as of" time.
 */
import type { Insights } from '../shared/contract/insights.ts';
import { readCached, writeCached, type CachedRead } from '../shared/db/cache-storage.ts';

const insightsKey = (userId: number, eventId: number) => `insights:${userId}:${eventId}`;

export function cacheInsights(userId: number, eventId: number, insights: Insights): Promise<void> {
  return writeCached(insightsKey(userId, eventId), insights);
}

export function cachedInsights(userId: number, eventId: number): Promise<CachedRead<Insights> | null> {
  return readCached<Insights>(insightsKey(userId, eventId));
}
