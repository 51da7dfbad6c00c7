/**
 * The day's memory of who has counted in listing insights, and how much more
 * each caller may add (services/insights-counter.ts asks it before counting).
 *
 * A caller is an address bucket (an IPv4 address or an IPv6 /64,
 * http/client-ip.ts). One machine usually holds a whole IPv6 /48 — 65,536
 * /64s — so a /48 is bounded too. Per day:
 * - a caller counts a listing's views once per page load, at most
 *   `viewsPerAddressPerListing` (20) of them — a household or an office behind
 *   one address shares those — and each other kind (QR scan, share, calendar
 *   add, ticket click) once; `perAddressPerDay` hits in all;
 * - a /48 counts `perNetworkPerListing` distinct callers per listing and kind,
 *   and `perNetworkPerDay` hits in all (IPv4 addresses are not grouped: a
 *   carrier NAT puts whole towns behind one /24).
 *
 * A visitor is a salted hash of the caller's address, its User-Agent and the
 * listing: two phones behind one Wi-Fi are two visitors when their browsers
 * differ, one when they are the same model and version. Only a counted hit
 * makes a visitor, so however a caller varies its User-Agent it adds no more
 * visitors than the hits its address may add.
 *
 * Memory is bounded so that a flood costs the flooded listing, not everyone:
 * - each listing holds at most `maxPerListing` entries (its callers and /48s).
 *   A listing that reaches it stops counting for the day and its entries are
 *   let go, so a flood of one listing never holds more than that;
 * - all listings together hold at most `maxRemembered`. Reaching it takes a
 *   flood spread over many listings from hundreds of /48s or thousands of
 *   IPv4 addresses (the allowances above); then a listing among those
 *   holding the most stops counting and is let go, so quiet listings keep
 *   counting. A stopped listing is remembered as one
 *   entry (a listing let go with a single entry is only forgotten: marking it
 *   would save nothing, and its one caller may count once more);
 * - the allowances of at most `maxCallers` callers and /48s are remembered;
 *   past that the oldest are forgotten and may spend theirs again: on more
 *   listings, never twice on one, whose own entries still refuse a repeat.
 *
 * Callers are held only as 48-bit salted hashes; the salt is random per
 * instance, and the counter makes a new instance every day.
 */
import { hash, randomBytes } from 'node:crypto';
import { INSIGHT_COLUMNS, type InsightColumn } from '../db/queries/listing-insights.ts';

export interface VisitorLimits {
  /** Views one caller (IPv4 address, IPv6 /64) may add to one listing in a day: one per page load up to this. */
  viewsPerAddressPerListing: number;
  /** Hits one caller (IPv4 address, IPv6 /64) may add in a day, over all listings and kinds. */
  perAddressPerDay: number;
  /** Hits one IPv6 /48 may add in a day, over all listings and kinds. */
  perNetworkPerDay: number;
  /** Hits one IPv6 /48 may add to one listing per kind in a day (its distinct callers there). */
  perNetworkPerListing: number;
  /** Entries one listing may hold in a day; reached, it stops counting for the day. */
  maxPerListing: number;
  /** Entries all listings may hold together; reached, one of the largest stops counting. */
  maxRemembered: number;
  /** Callers and /48s whose allowance is remembered; past it the oldest are forgotten. */
  maxCallers: number;
}

export const defaultVisitorLimits: VisitorLimits = {
  viewsPerAddressPerListing: 20,
  perAddressPerDay: 300,
  perNetworkPerDay: 3_000,
  perNetworkPerListing: 50,
  maxPerListing: 100_000,
  maxRemembered: 1_000_000,
  maxCallers: 500_000,
};

/** Why a listing stopped counting for the day. */
export type StopReason = 'listing-bound' | 'memory-bound';

/** An admitted hit: `first` when this caller had not counted for the listing today, in any kind (a new visitor). */
export type Admission = false | 'first' | 'again';

export interface DailyVisitors {
  /**
   * Truthy (and remembered) when this hit may count; false when it repeats
   * one it may not (a second QR scan, a 21st view) or a bound is reached.
   * `agent` is the caller's User-Agent, which tells visitors behind one address apart.
   */
  admit(eventId: number, kind: InsightColumn, address: string, agent?: string): Admission;
}

/**
 * The IPv6 /48 of an address or of a /64 bucket (`2001:db8:5::/48`); an IPv4
 * address, or anything that is not IPv6, is its own network.
 */
export function networkOf(address: string): string {
  const bare = address.split('/')[0]!.toLowerCase();
  if (!bare.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/.test(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail takes two groups.
  const rightGroups = right.reduce((n, part) => n + (part.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - rightGroups)).fill('0'), ...right];
  if (groups.length < 3) return address;
  return `${groups
    .slice(0, 3)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/48`;
}

interface ListingMemory {
  /** Hits counted today per (caller, kind). */
  callers: Map<number, number>;
  /** Distinct callers per (/48, kind) today. */
  networks: Map<number, number>;
  /** The day's visitors (address, User-Agent and listing, hashed). */
  visitors: Set<number>;
}

/** A caller's or network's hash with a kind in its low bits: 48 + 3 bits, still an exact number. */
const withKind = (key: number, kind: InsightColumn) => key * 8 + INSIGHT_COLUMNS.indexOf(kind);

const sizeOf = (listing: ListingMemory) => listing.callers.size + listing.networks.size + listing.visitors.size;
/** Listings are kept in classes by size (1, 2–3, 4–7, …) to find one of the largest at once. */
const classOf = (size: number) => 31 - Math.clz32(size);

export function dailyVisitors(
  limits: VisitorLimits,
  onStop?: (eventId: number, reason: StopReason) => void,
): DailyVisitors {
  const salt = randomBytes(16).toString('hex');
  // 48 bits of a salted SHA-256: collisions cost a lost count once in ~10⁸ at the memory bound.
  const hashed = (text: string) => hash('sha256', salt + text, 'buffer').readUIntBE(0, 6);
  const listings = new Map<number, ListingMemory>();
  const bySize: Set<number>[] = [];
  const stopped = new Set<number>();
  /** Hits spent today per caller and per /48. */
  const spent = new Map<number, number>();
  /** Entries held by listings, plus one per stopped listing. */
  let remembered = 0;

  function resize(eventId: number, from: number, to: number) {
    if (from > 0 && classOf(from) === classOf(to)) return;
    if (from > 0) bySize[classOf(from)]!.delete(eventId);
    if (to > 0) (bySize[classOf(to)] ??= new Set()).add(eventId);
  }

  function letGo(eventId: number, reason: StopReason) {
    const listing = listings.get(eventId);
    const size = listing ? sizeOf(listing) : 0;
    if (listing) {
      resize(eventId, size, 0);
      listings.delete(eventId);
      remembered -= size;
    }
    if (reason === 'memory-bound' && size <= 1) return;
    stopped.add(eventId);
    remembered += 1;
    onStop?.(eventId, reason);
  }

  function largest(): number | undefined {
    for (let size = bySize.length - 1; size >= 0; size--) {
      const ids = bySize[size];
      if (ids?.size) return ids.values().next().value;
    }
    return undefined;
  }

  function spend(key: number) {
    if (!spent.has(key) && spent.size >= limits.maxCallers) {
      const oldest = spent.keys().next().value;
      if (oldest !== undefined) spent.delete(oldest);
    }
    spent.set(key, (spent.get(key) ?? 0) + 1);
  }

  return {
    admit(eventId, kind, address, agent = '') {
      if (stopped.has(eventId)) return false;
      const network = networkOf(address);
      const grouped = network !== address;
      const caller = hashed(`caller ${address}`);
      if ((spent.get(caller) ?? 0) >= limits.perAddressPerDay) return false;
      const net = grouped ? hashed(`network ${network}`) : null;
      if (net !== null && (spent.get(net) ?? 0) >= limits.perNetworkPerDay) return false;

      let listing = listings.get(eventId);
      const visit = withKind(caller, kind);
      const hits = listing?.callers.get(visit) ?? 0;
      if (hits >= (kind === 'views' ? limits.viewsPerAddressPerListing : 1)) return false;
      const visitor = hashed(`visitor ${eventId} ${address} ${agent}`);
      const seen = listing?.visitors.has(visitor) ?? false;
      // A /48 is bounded by the callers it brings to a listing, not by their page loads.
      const netVisit = net === null || hits > 0 ? null : withKind(net, kind);
      const fromNetwork = netVisit === null ? 0 : (listing?.networks.get(netVisit) ?? 0);
      if (fromNetwork >= limits.perNetworkPerListing) return false;

      const needed = (hits === 0 ? 1 : 0) + (netVisit !== null && fromNetwork === 0 ? 1 : 0) + (seen ? 0 : 1);
      const size = listing ? sizeOf(listing) : 0;
      if (size + needed > limits.maxPerListing) {
        letGo(eventId, 'listing-bound');
        return false;
      }
      while (remembered + needed > limits.maxRemembered) {
        const biggest = largest();
        if (biggest === undefined) return false; // nothing left but stopped listings
        letGo(biggest, 'memory-bound');
        if (biggest === eventId) return false;
      }

      if (!listing) {
        listing = { callers: new Map(), networks: new Map(), visitors: new Set() };
        listings.set(eventId, listing);
      }
      listing.callers.set(visit, hits + 1);
      if (netVisit !== null) listing.networks.set(netVisit, fromNetwork + 1);
      listing.visitors.add(visitor);
      resize(eventId, size, size + needed);
      remembered += needed;
      spend(caller);
      if (net !== null) spend(net);
      return seen ? 'again' : 'first';
    },
  };
}
