/**
 * Views count per page load (the page sends one beacon each time it is
 * loaded), bounded to VIEWS_PER_ADDRESS per address, listing and day, while
 * visitors are told apart by address and User-Agent under the day's salt:
 * five loads from one phone are 5 views and 1 visitor; five different phones
 * behind one Wi-Fi (one public address) are 5 views and 5 visitors. Robots,
 * prefetches and prerenders, the owner and the owner's team count nothing.
 * Still cookie-free: the beacon's answer sets none.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultVisitorLimits } from '../../server/services/insights-visitors.ts';
import { insightsCounter, type InsightsCounter } from '../../server/services/insights-counter.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { joinTeam } from './support/teams.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const VIEWS_PER_ADDRESS = defaultVisitorLimits.viewsPerAddressPerListing;
const PHONES = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

let t: TestApp;
let counter: InsightsCounter;
let owner: Account;

beforeAll(async () => {
  const base = await startTestApp({ config: { trustProxy: true, trustProxyHops: 1 } });
  // Flushed by each read, never by itself.
  counter = insightsCounter({ db: base.db, now: () => base.clock.now(), limits: { flushMs: 3_600_000 } });
  const app = (await startTestApp({ db: base.db, clock: base.clock, config: base.config, deps: { insights: counter } }))
    .app;
  t = { ...base, app };
  owner = await signUp(t.app, 'subpromoter');
});
afterAll(async () => {
  await counter.stop();
  await t.close();
});

async function listing(): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', {
    token: owner.access,
    form: form({ title: 'Harbour Lights', start_date: '2026-07-04', start_time: '19:30' }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** One page load's beacon from `address` with `agent`. */
async function load(id: number, address: string, agent = PHONES[0]!, headers: Record<string, string> = {}) {
  const res = await call(t.app, 'POST', `/api/events/${id}/insights/hit/`, {
    json: { kind: 'view' },
    headers: { 'User-Agent': agent, 'X-Forwarded-For': address, 'Sec-Fetch-Site': 'same-origin', ...headers },
  });
  expect(res.status).toBe(204);
  expect(res.headers.get('set-cookie')).toBeNull();
}

async function totals(id: number) {
  await counter.flush();
  const res = await call(t.app, 'GET', `/api/events/${id}/insights/?days=1`, { token: owner.access });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { views: res.body.totals.views as number, visitors: res.body.totals.visitors as number };
}

it('counts five page loads from one address as 5 views and 1 visitor', async () => {
  const id = await listing();
  for (let i = 0; i < 5; i++) await load(id, '198.51.100.20');
  expect(await totals(id)).toEqual({ views: 5, visitors: 1 });
});

it('counts five phones behind one Wi-Fi (one address) as 5 views and 5 visitors; the same phone model twice as one', async () => {
  const id = await listing();
  for (const phone of PHONES) await load(id, '203.0.113.9', phone);
  expect(await totals(id)).toEqual({ views: 5, visitors: 5 });
  await load(id, '203.0.113.9', PHONES[0]);
  expect(await totals(id)).toEqual({ views: 6, visitors: 5 });
});

it(`counts at most ${VIEWS_PER_ADDRESS} views per address, listing and day however often it reloads or changes its User-Agent`, async () => {
  const id = await listing();
  for (let i = 0; i < VIEWS_PER_ADDRESS + 10; i++) await load(id, '192.0.2.30', `${PHONES[1]} reload/${i}`);
  const { views, visitors } = await totals(id);
  expect(views).toBe(VIEWS_PER_ADDRESS);
  expect(visitors).toBeLessThanOrEqual(VIEWS_PER_ADDRESS);
  // Another address is not held back by this one.
  await load(id, '192.0.2.31');
  expect((await totals(id)).views).toBe(VIEWS_PER_ADDRESS + 1);
});

it('counts no robot, prefetch or prerender load, however many', async () => {
  const id = await listing();
  for (let i = 0; i < 3; i++) {
    await load(id, '198.51.100.40', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await load(id, '198.51.100.41', PHONES[0], { 'Sec-Purpose': 'prefetch' });
    await load(id, '198.51.100.42', PHONES[0], { 'Sec-Purpose': 'prefetch;prerender' });
    await load(id, '198.51.100.43', PHONES[0], { Purpose: 'prefetch' });
  }
  expect(await totals(id)).toEqual({ views: 0, visitors: 0 });
});

it("counts none of the owner's page loads, nor a team member's", async () => {
  const id = await listing();
  const { member } = await joinTeam(t.app, owner, 'editor');
  for (let i = 0; i < 3; i++) {
    await load(id, '198.51.100.50', PHONES[0], { Authorization: `Bearer ${owner.access}` });
    await load(id, '198.51.100.51', PHONES[1], { Authorization: `Bearer ${member.access}` });
  }
  expect(await totals(id)).toEqual({ views: 0, visitors: 0 });
  await load(id, '198.51.100.52');
  expect(await totals(id)).toEqual({ views: 1, visitors: 1 });
});
