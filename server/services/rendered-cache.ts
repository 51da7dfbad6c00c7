/**
 * Rendered public answers (feeds, embed frames) kept per process, so a
 * popular promoter's Atom feed or embed costs one database read per address
 * every `maxAgeMs`, not one per request.
 *
 * How stale: a copy is served for at most `maxAgeMs` (5 s, the same as the
 * `s-maxage` a CDN is allowed) after the read that made it began. Every
 * instance ages its own copies the same way, so an edit made through instance
 * A shows on instance B (and on A) within that time, with no message between
 * them. Nothing is shared but the database.
 *
 * Each entry holds the answer as sent — status, headers, body and its ETag
 * (a hash of the bytes, computed once per build) — so a hit costs no hashing
 * and `If-None-Match` still answers 304. A copy read after 80 % of its time
 * is still served, and starts a rebuild in the background, so a busy address
 * is rebuilt before its copy runs out and readers never wait for the
 * database; a quiet one whose copy has run out is rebuilt while its reader
 * waits, and readers that arrive meanwhile wait for that same build. Memory
 * is bounded by bytes (services/byte-budget-cache.ts); a failed build is not kept.
 */
import client from 'prom-client';
import { byteBudgetCache } from './byte-budget-cache.ts';
import { registry } from './metrics.ts';

/** How old a served copy may be, at most. */
export const RENDERED_MAX_AGE_MS = 5_000;
/** Bytes of rendered answers one process keeps. */
export const RENDERED_CACHE_BYTES = 16 * 1024 * 1024;

/** One answer as sent. */
export interface Rendered {
  status: 200 | 301 | 404;
  body: string | null;
  /** Content-Type, Cache-Control, ETag, Last-Modified, Vary, Location… */
  headers: Record<string, string>;
  /** The strong validator, or null (a redirect). */
  etag: string | null;
  /** A Last-Modified that may answer If-Modified-Since on its own; null: by ETag only. */
  trustedDate: Date | null;
}

interface Entry {
  key: string;
  /** null: the address is not one this cache answers for (kept too, so asking again costs nothing). */
  rendered: Rendered | null;
  builtAt: number;
}

/** Bookkeeping of a key, a header set and a Map entry: roughly what one costs besides its strings. */
const ENTRY_OVERHEAD_BYTES = 512;

const lookups =
  (registry.getSingleMetric('roamly_rendered_cache_total') as client.Counter<'cache' | 'result'> | undefined) ??
  new client.Counter({
    name: 'roamly_rendered_cache_total',
    help: 'Feed and embed answers served from the process cache (hit) or read and rendered (miss).',
    labelNames: ['cache', 'result'] as const,
  });

export interface RenderedCacheOptions {
  /** The name the hit/miss counter carries. */
  name: string;
  now: () => number;
  maxAgeMs?: number;
  maxBytes?: number;
}

export interface RenderedCache {
  /** The answer for `key`: the held copy while it is fresh, else `build`'s (one build at a time per key). */
  get(key: string, build: () => Promise<Rendered | null>): Promise<Rendered | null>;
  /** Hits and misses since start (benchmarks, tests). */
  readonly stats: { hits: number; misses: number };
}

export function renderedCache(options: RenderedCacheOptions): RenderedCache {
  const maxAgeMs = options.maxAgeMs ?? RENDERED_MAX_AGE_MS;
  const refreshAfterMs = maxAgeMs * 0.8;
  const held = byteBudgetCache<string, Entry>(
    options.maxBytes ?? RENDERED_CACHE_BYTES,
    (entry) =>
      ENTRY_OVERHEAD_BYTES +
      2 * (entry.key.length + (entry.rendered?.body?.length ?? 0)) +
      Object.entries(entry.rendered?.headers ?? {}).reduce((n, [k, v]) => n + 2 * (k.length + v.length), 0),
  );
  const building = new Map<string, Promise<Rendered | null>>();
  const stats = { hits: 0, misses: 0 };
  const hit = lookups.labels(options.name, 'hit');
  const miss = lookups.labels(options.name, 'miss');

  function rebuild(key: string, build: () => Promise<Rendered | null>): Promise<Rendered | null> {
    // Aged from when the read began: an edit committed during it is caught by the next one.
    const startedAt = options.now();
    const promise = Promise.resolve()
      .then(build)
      .then(
        (rendered) => {
          held.set(key, { key, rendered, builtAt: startedAt });
          building.delete(key);
          return rendered;
        },
        (error: unknown) => {
          building.delete(key);
          throw error;
        },
      );
    building.set(key, promise);
    return promise;
  }

  return {
    stats,
    get(key, build) {
      const entry = held.get(key);
      const age = entry ? options.now() - entry.builtAt : Infinity;
      if (entry && age < maxAgeMs) {
        stats.hits += 1;
        hit.inc();
        // Its successor is read now, while this copy is still good: a failure leaves it for the next reader.
        if (age >= refreshAfterMs && !building.has(key)) rebuild(key, build).catch(() => undefined);
        return Promise.resolve(entry.rendered);
      }
      stats.misses += 1;
      miss.inc();
      return building.get(key) ?? rebuild(key, build);
    },
  };
}
