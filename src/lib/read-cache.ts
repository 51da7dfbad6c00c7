/**
 * The dashboard's offline copy of the user's events: written after every
 * successful load, read when the network is away so the list (and the
 * business tab) still show, marked with the time they were loaded.
 */
import type { EventRecord } from '../shared/contract/event.ts';
import { readCached, writeCached, type CachedRead } from '../shared/db/cache-storage.ts';

const eventsKey = (userId: number) => `events:${userId}`;

export function cacheEvents(userId: number, events: readonly EventRecord[]): Promise<void> {
  return writeCached(eventsKey(userId), events);
}

export function cachedEvents(userId: number): Promise<CachedRead<readonly EventRecord[]> | null> {
  return readCached<readonly EventRecord[]>(eventsKey(userId));
}
