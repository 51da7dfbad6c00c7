/**
 * A least-recently-used cache (lru-cache) bounded by the bytes its values
 * hold, not by how many there are: a count-bounded cache of list bodies can
 * be made to hold gigabytes by one account with large lists. Values larger
 * than a quarter of the budget are not kept at all, so one entry never
 * flushes the others. `calculatedSize` is the bytes held.
 */
import { LRUCache } from 'lru-cache';

export function byteBudgetCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  maxBytes: number,
  sizeOf: (value: V) => number,
): LRUCache<K, V> {
  return new LRUCache<K, V>({
    maxSize: maxBytes,
    maxEntrySize: Math.floor(maxBytes / 4),
    // lru-cache wants a positive whole number; an empty value still costs its entry.
    sizeCalculation: (value) => Math.max(1, Math.ceil(sizeOf(value))),
  });
}
