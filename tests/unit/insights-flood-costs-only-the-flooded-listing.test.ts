// @vitest-environment node
/**
 * The insights counter's memory is bounded, and what a flood fills is the
 * flooded listing's share of it, never everyone's: a listing that reaches its
 * own bound stops counting for the day while the others keep counting, and a
 * flood spread over many listings that fills the memory in all stops one of
 * the largest at a time — a quiet listing keeps counting, its visitors' page
 * loads too. The day turning starts everyone over. A new caller of a listing
 * holds two entries: its views and its visitor.
 */
import { afterEach, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { insightsCounter, type InsightsCounter } from '../../server/services/insights-counter.ts';
import type { InsightsLimits } from '../../server/services/insights-counter.ts';

const DAY_MS = 86_400_000;
const nowhere = { query: async () => ({ rows: [{ written: 0 }] }) } as unknown as Db;

let clock = Date.UTC(2026, 0, 15, 12);
const counters: InsightsCounter[] = [];
afterEach(async () => {
  for (const counter of counters.splice(0)) await counter.stop();
});

function counter(limits: Partial<InsightsLimits>) {
  const made = insightsCounter({ db: nowhere, now: () => clock, limits: { flushMs: 3_600_000, ...limits } });
  counters.push(made);
  return made;
}

/** A distinct IPv4 address for every n below 2²⁴. */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function views(insights: InsightsCounter, eventId: number, from: number, to: number): number {
  let counted = 0;
  for (let n = from; n < to; n++) if (insights.count(eventId, 'views', address(n))) counted++;
  return counted;
}

it('stops only the flooded listing when it reaches its own bound; the others keep counting', () => {
  const insights = counter({ maxPerListing: 1_000, maxRemembered: 5_000 });
  expect(views(insights, 2, 0, 3)).toBe(3);
  // One flooded listing: 20,000 distinct callers, eight times what the whole memory holds.
  expect(views(insights, 1, 100, 20_100)).toBe(500);
  expect(views(insights, 1, 30_000, 30_010)).toBe(0);
  // Everyone else still counts, a new listing too.
  expect(views(insights, 2, 40_000, 40_400)).toBe(400);
  expect(views(insights, 3, 50_000, 50_400)).toBe(400);
  // And counts its visitors' next page loads.
  expect(views(insights, 2, 0, 3)).toBe(3);
  // A new day counts the flooded listing again.
  clock += DAY_MS;
  expect(views(insights, 1, 100, 110)).toBe(10);
});

it('when a flood over many listings fills the memory, stops the largest; quiet listings keep counting', () => {
  const insights = counter({ maxPerListing: 1_000, maxRemembered: 5_000 });
  const quiet = 99;
  expect(views(insights, quiet, 0, 3)).toBe(3);
  // Twenty listings of 450 callers (900 entries) each: 18,000 entries, more than three times the memory.
  let next = 1_000;
  for (let id = 1; id <= 20; id++, next += 450) views(insights, id, next, next + 450);
  expect(views(insights, quiet, 0, 3)).toBe(3);
  expect(views(insights, quiet, 100_000, 100_010)).toBe(10);
  expect(views(insights, 500, 200_000, 200_010)).toBe(10);
  // The listings that were stopped stay stopped for the day: a flood cannot make them count twice.
  // At most the five that fit in the memory (5 × 900 entries) still count a page load.
  const counts = Array.from({ length: 20 }, (_, i) => views(insights, i + 1, 1_000 + i * 450, 1_000 + i * 450 + 1));
  expect(counts.filter((n) => n > 0).length).toBeLessThanOrEqual(5);
});

it('holds its memory bound with the defaults against a million callers of one listing', () => {
  const insights = counter({});
  expect(views(insights, 7, 0, 10)).toBe(10);
  const flooded = views(insights, 1, 1_000, 1_051_000);
  expect(flooded).toBeLessThanOrEqual(100_000);
  expect(views(insights, 7, 2_000_000, 2_000_010)).toBe(10);
  expect(views(insights, 8, 2_000_000, 2_000_010)).toBe(10);
}, 60_000);
