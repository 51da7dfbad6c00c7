/**
 * Retries while the app is open never wait longer than 30 s (with jitter, so
 * devices that failed together spread out), and a server's Retry-After still wins.
 */
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_MS, retryDelay } from '../../src/shared/outbox/backoff.ts';
import { reduceEntry } from '../../src/shared/outbox/entry-reducer.ts';
import type { OutboxEntry } from '../../src/shared/outbox/entry.ts';

describe('outbox backoff cap', () => {
  it('never waits more than 30 s however many failures in a row', () => {
    expect(MAX_RETRY_MS).toBe(30_000);
    for (let attempts = 1; attempts <= 200; attempts += 1) {
      for (const jitter of [0, 0.25, 0.5, 0.999])
        expect(retryDelay(attempts, jitter, null)).toBeLessThanOrEqual(30_000);
    }
  });

  it('spreads capped retries over 15–30 s by jitter', () => {
    expect(retryDelay(50, 0, null)).toBe(15_000);
    expect(retryDelay(50, 0.5, null)).toBe(22_500);
    expect(retryDelay(50, 0.999, null)).toBeCloseTo(29_985, 0);
  });

  it('keeps a longer Retry-After as a floor', () => {
    expect(retryDelay(50, 0.5, 120)).toBe(120_000);
  });

  it('schedules a long-failing entry within 30 s of its last failure', () => {
    const entry = { attempts: 40, nextAttemptAt: 0, lastError: null } as unknown as OutboxEntry;
    const next = reduceEntry(entry, {
      type: 'failed-transiently',
      now: 1_000_000,
      jitter: 0.999,
      retryAfter: null,
      message: 'Could not reach the server; will retry.',
      offline: false,
    });
    expect(next.nextAttemptAt - 1_000_000).toBeLessThanOrEqual(30_000);
  });
});
