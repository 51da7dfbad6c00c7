// @vitest-environment node
/**
 * One machine usually holds a whole IPv6 /48: 65,536 /64s, each of which the
 * counter would otherwise take for another visitor. So a /48 adds at most
 * `perNetworkPerListing` views to a listing a day (and as many of each other
 * kind), and `perNetworkPerDay` hits over all listings, while another /48 —
 * and IPv4 addresses that merely share a /24 — count as before.
 */
import { afterEach, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { insightsCounter, type InsightsCounter } from '../../server/services/insights-counter.ts';
import { defaultVisitorLimits, networkOf } from '../../server/services/insights-visitors.ts';

const nowhere = { query: async () => ({ rows: [{ written: 0 }] }) } as unknown as Db;
const counters: InsightsCounter[] = [];
afterEach(async () => {
  for (const counter of counters.splice(0)) await counter.stop();
});

function counter() {
  const made = insightsCounter({ db: nowhere, now: () => Date.UTC(2026, 0, 15, 12), limits: { flushMs: 3_600_000 } });
  counters.push(made);
  return made;
}

/** The n-th /64 of 2001:db8:48::/48, as http/client-ip.ts hands it over. */
const slash64 = (n: number, network = '2001:db8:48') => `${network}:${n.toString(16)}::/64`;

it('lets every /64 of one /48 add only perNetworkPerListing views to a listing a day', () => {
  const insights = counter();
  let counted = 0;
  for (let n = 0; n < 65_536; n++) if (insights.count(1, 'views', slash64(n))) counted++;
  expect(counted).toBe(defaultVisitorLimits.perNetworkPerListing);
  // Another /48 still counts, and so do IPv4 addresses of one /24 (a carrier NAT is many people).
  expect(insights.count(1, 'views', slash64(1, '2001:db8:49'))).toBe(true);
  let ipv4 = 0;
  for (let n = 1; n <= 200; n++) if (insights.count(1, 'views', `198.51.100.${n}`)) ipv4++;
  expect(ipv4).toBe(200);
});

it('lets one /48 add only perNetworkPerDay hits over all listings a day', () => {
  const insights = counter();
  let counted = 0;
  let n = 0;
  for (let listing = 1; listing <= 200; listing++) {
    for (let i = 0; i < 100; i++) if (insights.count(listing, 'views', slash64(n++ % 65_536))) counted++;
  }
  expect(counted).toBe(defaultVisitorLimits.perNetworkPerDay);
  expect(insights.count(999, 'views', slash64(1, '2001:db8:49'))).toBe(true);
});

it('reads the /48 of a /64 bucket and of a bare address alike', () => {
  expect(networkOf('2001:db8:5:6::/64')).toBe('2001:db8:5::/48');
  expect(networkOf('2001:db8:5:6::1')).toBe('2001:db8:5::/48');
  expect(networkOf('2001:0DB8:0005:ffff:1:2:3:4')).toBe('2001:db8:5::/48');
  expect(networkOf('2001:db8::/64')).toBe('2001:db8:0::/48');
  expect(networkOf('::1')).toBe('0:0:0::/48');
  expect(networkOf('1::2:3:4:5:6:7')).toBe('1:0:2::/48');
  expect(networkOf('203.0.113.9')).toBe('203.0.113.9');
  expect(networkOf('local')).toBe('local');
});
