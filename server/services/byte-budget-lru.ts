/**
 * A least-recently-used map bounded by the bytes its values hold, not by how
 * many there are: a count-bounded cache of list bodies can be made to hold
 * gigabytes by one account with large lists. Values larger than a quarter of
 * the budget are not kept at all, so one entry never flushes the others.
 */
export class ByteBudgetLru<K, V> {
  private readonly map = new Map<K, { value: V; bytes: number }>();
  private used = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes / 4) return;
    this.map.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.map) {
      if (this.used <= this.maxBytes) break;
      this.map.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  delete(key: K): void {
    const entry = this.map.get(key);
    if (!entry) return;
    this.map.delete(key);
    this.used -= entry.bytes;
  }
}
