/**
 * How many requests this process is answering right now, so that work in the
 * background (the followers' fan-out) lets them go first. On a small host a
 * fan-out sending at full speed takes the CPU (the API thread, the database)
 * that a request arriving meanwhile needs: the dashboard's p99 grew 4× during a
 * 10,000-follower fan-out on an idle 2-core host (scripts/bench/followers-fan-out.ts).
 *
 * Counted by a middleware in front of every route (server/http/requests-in-flight.ts).
 * Per process: with WORKERS > 1 each process yields to its own requests only.
 */
export interface ApiActivity {
  started(): void;
  ended(): void;
  /** Requests being answered now. */
  inFlight(): number;
  /**
   * Resolves when no request is being answered, or after `maxMs` at the
   * latest: a site that always has a request running still gets its
   * background work done, only slower.
   */
  quiet(maxMs: number): Promise<void>;
}

export function apiActivityCounter(): ApiActivity {
  let inFlight = 0;
  // A set, so a wait that timed out leaves it: a request that never ends keeps nothing growing.
  const waiting = new Set<() => void>();
  return {
    started() {
      inFlight += 1;
    },
    ended() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight > 0) return;
      for (const done of [...waiting]) done();
    },
    inFlight: () => inFlight,
    quiet(maxMs) {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, maxMs);
        function done(): void {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        }
        waiting.add(done);
      });
    },
  };
}

/** This process's requests (the middleware counts into it; the fan-out waits on it). */
export const apiActivity: ApiActivity = apiActivityCounter();
