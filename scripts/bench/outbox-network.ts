/**
 * The scripted flaky network of the outbox benchmark, replayed identically for
 * every client: online/offline by time since the start, a fixed latency per
 * request, and a seeded fault sequence indexed by write-request number (the
 * n-th write of either client meets the same fate: 10 % 503 before apply,
 * 10 % applied then the connection dropped).
 */
import type { Fault } from './outbox-contract-server.ts';

export interface NetworkScript {
  latencyMs: number;
  errorRate: number;
  dropRate: number;
  /** [start, end) ms since the run's start. */
  offline: ReadonlyArray<readonly [number, number]>;
  seed: number;
}

/** mulberry32: tiny, seeded, good enough to script faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createNetwork(script: NetworkScript, startedAt: number) {
  const random = seededRandom(script.seed);
  const fates: Fault[] = [];
  const fateOf = (n: number): Fault => {
    while (fates.length <= n) {
      const r = random();
      fates.push(r < script.errorRate ? 'error' : r < script.errorRate + script.dropRate ? 'drop' : 'none');
    }
    return fates[n] ?? 'none';
  };
  let writes = 0;
  return {
    isOnline(now = Date.now()): boolean {
      const t = now - startedAt;
      return !script.offline.some(([from, to]) => t >= from && t < to);
    },
    /** The fate of the next write request. */
    nextFault: (): Fault => fateOf(writes++),
  };
}
