/**
 * A small least-recently-used map (Map keeps insertion order: re-insert on
 * read, evict the oldest when full). Used only for values that are pure
 * functions of their key — verified tokens, list bodies keyed by revision —
 * so a cache never makes one API process disagree with another.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }
}
