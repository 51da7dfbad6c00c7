/**
 * Bounds on sending originals, so slow or stalled readers cannot hold the
 * server:
 * - at most `maxOpenOriginals` images being read and sent at once per
 *   process, and `maxOpenOriginalsPerClient` of them per client address (an
 *   IPv4 address or IPv6 /64, http/client-ip.ts); more get 503 with
 *   Retry-After;
 * - when every slot is taken, an address holding fewer than its share takes
 *   one from the address holding the most (its oldest stream is cut), so the
 *   slots are shared between the addresses that want them and a few
 *   addresses with stalled readers cannot lock everyone else out; the
 *   process-wide bound refuses only when no address holds more than one
 *   above the newcomer;
 * - a reader that takes nothing for `stallMs`, or less than
 *   `minBytesPerSecond` averaged over `rateWindowMs` once `rateGraceMs` have
 *   passed, is cut and its slot freed (reader-pace.ts). 16 KB/s is a 1 MB
 *   photo in a minute on a poor mobile line; a CDN in front (every URL is
 *   immutable) takes most readers off the server anyway.
 */
export interface MediaServing {
  maxOpenOriginals: number;
  /** Of those, at most this many for one client address (one laptop cannot take them all). */
  maxOpenOriginalsPerClient: number;
  stallMs: number;
  minBytesPerSecond: number;
  rateWindowMs: number;
  /** No rate asked for this long after the start: TCP starts slow, and the connection's buffers fill first. */
  rateGraceMs: number;
}

export const defaultMediaServing: MediaServing = {
  // Each open original holds one 64 KB chunk, a file handle or a query at a time: ~10 MB at most.
  maxOpenOriginals: 128,
  // A browser asks for up to 6 at once over HTTP/1.1, but its images are renditions (?w=),
  // sent from memory without a slot; an original is asked for rarely.
  maxOpenOriginalsPerClient: 4,
  stallMs: 30_000,
  minBytesPerSecond: 16 * 1024,
  rateWindowMs: 10_000,
  rateGraceMs: 5_000,
};

/** Seconds a refused caller is told to wait. */
export const BUSY_RETRY_SECONDS = 5;

/** A counter of slots: take one or be refused, never wait in line. */
export class Slots {
  private used = 0;

  constructor(private readonly max: number) {}

  get inUse(): number {
    return this.used;
  }

  /** A function that gives the slot back (once), or null when all are taken. */
  take(): (() => void) | null {
    if (this.used >= this.max) return null;
    this.used += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.used -= 1;
    };
  }
}

interface Holder {
  client: string;
  release: () => void;
  evict: () => void;
}

/**
 * Slots overall and per client address, shared out between the addresses
 * that want them: take one of each, or take one from the address that holds
 * the most, or none.
 */
export class ClientSlots {
  private readonly overall: Slots;
  private readonly byClient = new Map<string, number>();
  /** Every slot taken, oldest first. */
  private readonly holders = new Set<Holder>();

  constructor(
    max: number,
    private readonly maxPerClient: number,
  ) {
    this.overall = new Slots(max);
  }

  get inUse(): number {
    return this.overall.inUse;
  }

  /** Slots `client` holds now. */
  heldBy(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  /**
   * A function that gives the slot back (once), or null when refused.
   * `evict` is called when another address takes this slot: it must end the
   * stream (the slot is already counted as given back).
   */
  take(client: string, evict: () => void = () => undefined): (() => void) | null {
    const held = this.heldBy(client);
    if (held >= this.maxPerClient) return null;
    let overall = this.overall.take();
    if (!overall) {
      const victim = this.oldestOfLargest(held);
      if (!victim) return null;
      victim.release();
      victim.evict();
      overall = this.overall.take();
      if (!overall) return null;
    }
    this.byClient.set(client, held + 1);
    const holder: Holder = {
      client,
      evict,
      release: () => {
        if (!this.holders.delete(holder)) return;
        overall();
        const left = this.heldBy(client) - 1;
        if (left > 0) this.byClient.set(client, left);
        else this.byClient.delete(client);
      },
    };
    this.holders.add(holder);
    return holder.release;
  }

  /** The oldest stream of the address holding the most, when it holds more than one above `held`. */
  private oldestOfLargest(held: number): Holder | undefined {
    let largest: string | undefined;
    let most = held + 1;
    for (const [client, count] of this.byClient) {
      if (count > most) [largest, most] = [client, count];
    }
    if (largest === undefined) return undefined;
    for (const holder of this.holders) if (holder.client === largest) return holder;
    return undefined;
  }
}
