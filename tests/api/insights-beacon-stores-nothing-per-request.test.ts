/**
 * The public page's insights beacon is anonymous and sent on every page load,
 * so whatever it stores must not grow with the number of requests: a flood of
 * beacons, each with a fresh Idempotency-Key, stores no idempotency record at
 * all, and its rate limit keeps one row per address (an IPv4 address, or an
 * IPv6 /64 however many addresses of it are used) — not one per request. Past
 * the limit the address is answered 429 with a JSON sentence and Retry-After,
 * while other addresses are still answered 204.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultRateLimits, type RateLimitPolicy } from '../../server/services/rate-limit.ts';
import { call, form, signUp } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/**
 * A lower limit than the default (120 a minute) proves the same: one row per
 * address however many requests, 429 past the limit. Ten times the limit is a
 * flood of 200 requests instead of 1,000, which kept this file among CI's slowest.
 */
const LIMITS: RateLimitPolicy = { ...defaultRateLimits, insightHitsPerIp: { max: 20, windowSeconds: 60 } };
const FLOOD = 10 * LIMITS.insightHitsPerIp.max;

let t: TestApp;
let eventId: number;

beforeAll(async () => {
  t = await startTestApp({ config: { trustProxy: true, trustProxyHops: 1 }, limits: LIMITS });
  const owner = await signUp(t.app, 'subpromoter');
  const created = await call(t.app, 'POST', '/api/events/create/', {
    token: owner.access,
    form: form({ title: 'Flooded Night', start_date: '2026-07-04', start_time: '19:30' }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  eventId = created.body.id as number;
});
afterAll(() => t.close());

function beacon(address: string, key: string) {
  return call(t.app, 'POST', `/api/events/${eventId}/insights/hit/`, {
    json: { kind: 'view' },
    headers: {
      'User-Agent': BROWSER,
      'X-Forwarded-For': address,
      'Sec-Fetch-Site': 'same-origin',
      'Idempotency-Key': key,
    },
  });
}

async function rows(table: 'idempotency_keys' | 'rate_limits'): Promise<number> {
  const result = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return result.rows[0]!.n;
}

/** Sends FLOOD beacons, each with a fresh key, from `addressOf(i)`; returns the statuses seen and the rows added. */
async function flood(label: string, addressOf: (i: number) => string) {
  const before = { idempotency: await rows('idempotency_keys'), limits: await rows('rate_limits') };
  const statuses = new Map<number, number>();
  let limited: Awaited<ReturnType<typeof beacon>> | null = null;
  const started = performance.now();
  for (let i = 0; i < FLOOD; i++) {
    const res = await beacon(addressOf(i), `${label}-${i}`);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status === 429) limited ??= res;
    expect(res.headers.get('idempotent-replayed')).toBeNull();
  }
  const seconds = (performance.now() - started) / 1000;
  const added = {
    idempotency: (await rows('idempotency_keys')) - before.idempotency,
    limits: (await rows('rate_limits')) - before.limits,
  };
  console.info(
    `${label}: ${FLOOD} beacons with fresh Idempotency-Keys in ${seconds.toFixed(1)} s → ` +
      `${added.idempotency} idempotency rows, ${added.limits} rate-limit rows; statuses ${JSON.stringify([...statuses])}`,
  );
  return { statuses, added, limited };
}

it('stores no idempotency record and one rate-limit row for a flood from one IPv4 address', async () => {
  const { statuses, added, limited } = await flood('ipv4', () => '198.51.100.44');
  expect(added).toEqual({ idempotency: 0, limits: 1 });
  const max = LIMITS.insightHitsPerIp.max;
  expect(statuses.get(204)).toBe(max);
  expect(statuses.get(429)).toBe(FLOOD - max);
  expect(limited!.body.detail).toMatch(/^Too many attempts/);
  expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
  // Another address is not held back by this one.
  expect((await beacon('198.51.100.45', 'another')).status).toBe(204);
});

it('keeps one rate-limit row for a /64 however many of its addresses the flood uses', async () => {
  const { added } = await flood('ipv6', (i) => `2001:db8:44:1::${i.toString(16)}`);
  expect(added).toEqual({ idempotency: 0, limits: 1 });
});

it('never replays an answer: a repeated key is a new beacon', async () => {
  const first = await beacon('198.51.100.46', 'same-key');
  const again = await beacon('198.51.100.46', 'same-key');
  expect([first.status, again.status]).toEqual([204, 204]);
  expect(again.headers.get('idempotent-replayed')).toBeNull();
  expect(await rows('idempotency_keys')).toBe(0);
});
