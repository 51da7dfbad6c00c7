/**
 * How much of this process anonymous place search may take, however many
 * addresses it comes from. The per-address limit (search-limits.ts) stops one
 * client; twenty clients, each under its own limit, still kept the database
 * busy with searches back to back — and on PGlite the database runs on this
 * process's one thread, so `/api/health` and every other request waited
 * behind them.
 *
 * So anonymous searches take turns, one at a time, and after each the next
 * waits out a rest in proportion to how long it took: searches get at most
 * `share` of the process's time, whatever their number or the machine's
 * speed, and other requests are answered in between. `waiting` more may wait
 * in line; past that a search is refused at once (429 with Retry-After, no
 * query), so a flood costs a map lookup per request, not a query.
 */
import { RateLimited } from '../domain-errors.ts';

export interface SearchGateLimits {
  /** Searches waiting for their turn; past this they are refused. */
  waiting: number;
  /** The share of the process's time searches may take (0–1]. */
  share: number;
}

// A search takes a few milliseconds, so four in line wait tens of milliseconds at most.
export const defaultSearchGateLimits: SearchGateLimits = { waiting: 4, share: 0.25 };

/** Seconds a refused search is told to wait: the line clears in well under a second. */
export const SEARCH_BUSY_RETRY_SECONDS = 1;

/** The longest rest between two searches: a search slowed by something else (a busy database) must not stop the line. */
const MAX_REST_MS = 500;

export interface SearchGate {
  /** Runs `work` when its turn comes; throws RateLimited, running nothing, when the line is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function searchGate(limits: SearchGateLimits = defaultSearchGateLimits): SearchGate {
  /** A search is running, or the rest after one has not ended. */
  let taken = false;
  const line: (() => void)[] = [];

  /** The turn passes to the first in line after a rest (a later turn of the event loop), or is given back. */
  function handOn(tookMs: number): void {
    const rest = Math.min(MAX_REST_MS, (tookMs * (1 - limits.share)) / limits.share);
    setTimeout(() => {
      const next = line.shift();
      if (next) next();
      else taken = false;
    }, rest);
  }

  return {
    async run(work) {
      if (!taken) taken = true;
      else if (line.length < limits.waiting) await new Promise<void>((start) => line.push(start));
      else {
        throw new RateLimited(
          'Many people are searching places right now. Please try again in a moment.',
          SEARCH_BUSY_RETRY_SECONDS,
        );
      }
      const started = performance.now();
      try {
        return await work();
      } finally {
        handOn(performance.now() - started);
      }
    },
  };
}
