/**
 * Listing insights (contract §10): `GET /api/events/{id}/insights/`
 * is the owner's alone (others 404); the public page's beacon and its
 * "Add to calendar" button (`/e/{id}.ics?from=page`) count per listing per day, except robots,
 * prefetches and the owner's own views; one address counts a listing's views
 * per page load (up to a bound), every other kind once a day, and at most
 * `perAddressPerDay` hits in all; counts reach
 * the database by addition at each flush, so two counters on one database
 * add up and a stop flushes what is pending. Nothing about the caller is
 * stored: the table holds only listing, day and counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightsCounter, type InsightsCounter } from '../../server/services/insights-counter.ts';
import { cleanUp } from '../../server/services/housekeeping.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY_MS = 86_400_000;

let t: TestApp;
let counter: InsightsCounter;
let owner: Account;
let stranger: Account;
let eventId: number;

async function createEvent(account: Account, fields: Record<string, string> = {}): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', {
    token: account.access,
    form: form({ title: 'Rooftop Jazz', start_date: '2026-07-04', start_time: '19:30', ...fields }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** The public page's beacon, from `address` (through the one trusted proxy). */
function beacon(id: number, body: unknown, address: string, headers: Record<string, string> = {}) {
  return call(t.app, 'POST', `/api/events/${id}/insights/hit/`, {
    json: body,
    headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address, 'Sec-Fetch-Site': 'same-origin', ...headers },
  });
}

/** Past the access token's lifetime: fresh tokens for both accounts. */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const account of [owner, stranger]) {
    const res = await call(t.app, 'POST', '/api/auth/login/', {
      json: { email: account.email, password: account.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    account.access = res.body.access;
  }
}

async function totals(id = eventId, account = owner) {
  await counter.flush();
  const res = await call(t.app, 'GET', `/api/events/${id}/insights/?days=30`, { token: account.access });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.totals as Record<string, number>;
}

beforeAll(async () => {
  t = await startTestApp({ config: { trustProxy: true, trustProxyHops: 1 } });
  // Never flushes by itself during the tests: each test flushes when it reads.
  counter = insightsCounter({
    db: t.db,
    now: () => t.clock.now(),
    limits: { flushMs: 3_600_000, perAddressPerDay: 5 },
  });
  t = {
    ...t,
    app: (await startTestApp({ db: t.db, clock: t.clock, config: t.config, deps: { insights: counter } })).app,
  };
  owner = await signUp(t.app, 'subpromoter');
  stranger = await signUp(t.app, 'subpromoter');
  eventId = await createEvent(owner, { ticket_url: 'https://tickets.example/jazz' });
});
afterAll(async () => {
  await counter.stop();
  await t.close();
});

describe('GET /api/events/{id}/insights/', () => {
  it('answers the owner every one of the last 30 days, oldest first, zeros included, with the totals', async () => {
    const res = await call(t.app, 'GET', `/api/events/${eventId}/insights/?days=30`, { token: owner.access });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days[29]).toEqual({
      date: '2026-01-15',
      views: 0,
      qr_scans: 0,
      shares: 0,
      calendar_adds: 0,
      ticket_clicks: 0,
      visitors: 0,
    });
    expect(res.body.days[0].date).toBe('2025-12-17');
    expect(Object.keys(res.body.totals).sort()).toEqual(
      ['calendar_adds', 'qr_scans', 'shares', 'ticket_clicks', 'views', 'visitors'].sort(),
    );
    const fallback = await call(t.app, 'GET', `/api/events/${eventId}/insights/`, { token: owner.access });
    expect(fallback.body.days).toHaveLength(30);
  });

  it('is 404 to anyone else, 401 without a token, and 400 with a JSON sentence for a bad days', async () => {
    const theirs = await call(t.app, 'GET', `/api/events/${eventId}/insights/`, { token: stranger.access });
    expect(theirs.status).toBe(404);
    expect(theirs.body.detail).toBe('Event not found.');
    expect((await call(t.app, 'GET', `/api/events/99999999/insights/`, { token: owner.access })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/events/${eventId}/insights/`)).status).toBe(401);
    for (const days of ['0', '401', 'abc', '-3', '1e3', '']) {
      const res = await call(t.app, 'GET', `/api/events/${eventId}/insights/?days=${days}`, { token: owner.access });
      expect(res.status, days).toBe(400);
      expect(res.body.detail).toMatch(/days must be a whole number/);
    }
  });
});

describe('counting', () => {
  it('counts a view per page load, a QR scan or a share once per address a day; both are also views', async () => {
    const id = await createEvent(owner);
    for (let i = 0; i < 3; i++) expect((await beacon(id, { kind: 'view' }, '198.51.100.1')).status).toBe(204);
    await beacon(id, { kind: 'view', src: 'qr' }, '198.51.100.2');
    await beacon(id, { kind: 'view', src: 'qr' }, '198.51.100.2');
    await beacon(id, { kind: 'view', src: 'share' }, '2001:db8:5:6::1');
    // The same /64: the same caller.
    await beacon(id, { kind: 'view', src: 'share' }, '2001:db8:5:6::abcd');
    expect(await totals(id)).toEqual({
      views: 7,
      qr_scans: 1,
      shares: 1,
      calendar_adds: 0,
      ticket_clicks: 0,
      visitors: 3,
    });
  });

  it("keeps a poster's ?src=qr when a short or old address is sent on to the canonical page", async () => {
    const res = await t.app.request(`/e/${eventId}?src=qr`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toMatch(new RegExp(`/e/${eventId}/rooftop-jazz\\?src=qr$`));
  });

  it('counts "Get tickets" clicks and "Add to calendar" once per address per day', async () => {
    const id = await createEvent(owner, { ticket_url: 'https://tickets.example/x' });
    await beacon(id, { kind: 'ticket_click' }, '198.51.100.3');
    await beacon(id, { kind: 'ticket_click' }, '198.51.100.3');
    await beacon(id, { kind: 'ticket_click' }, '198.51.100.4');
    const ics = (address: string, headers: Record<string, string> = {}) =>
      t.app.request(`/e/${id}.ics?from=page`, {
        headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address, 'Sec-Fetch-Site': 'same-origin', ...headers },
      });
    expect((await ics('198.51.100.3')).status).toBe(200);
    expect((await ics('198.51.100.3')).status).toBe(200);
    expect((await ics('198.51.100.5')).status).toBe(200);
    expect(
      (await ics('198.51.100.6', { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status,
    ).toBe(200);
    expect((await ics('198.51.100.7', { 'Sec-Purpose': 'prefetch' })).status).toBe(200);
    expect(await totals(id)).toEqual({
      views: 0,
      qr_scans: 0,
      shares: 0,
      calendar_adds: 2,
      ticket_clicks: 2,
      visitors: 3,
    });
  });

  it('does not count robots, prefetches, prerenders or an empty User-Agent', async () => {
    const id = await createEvent(owner);
    const robots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.32',
      '',
    ];
    for (const [i, agent] of robots.entries()) {
      expect((await beacon(id, { kind: 'view' }, `203.0.113.${i + 1}`, { 'User-Agent': agent })).status).toBe(204);
    }
    await beacon(id, { kind: 'view' }, '203.0.113.50', { 'Sec-Purpose': 'prefetch' });
    await beacon(id, { kind: 'view' }, '203.0.113.51', { 'Sec-Purpose': 'prefetch;prerender' });
    await beacon(id, { kind: 'view' }, '203.0.113.52', { Purpose: 'prefetch' });
    await beacon(id, { kind: 'view' }, '203.0.113.53', { 'X-Moz': 'prefetch' });
    expect((await totals(id)).views).toBe(0);
    await beacon(id, { kind: 'view' }, '203.0.113.54');
    expect((await totals(id)).views).toBe(1);
  });

  it("does not count the owner's own views, with a live or an expired token, but counts a stranger's", async () => {
    const id = await createEvent(owner);
    await beacon(id, { kind: 'view' }, '192.0.2.10', { Authorization: `Bearer ${owner.access}` });
    await beacon(id, { kind: 'view', src: 'qr' }, '192.0.2.11', { Authorization: `Bearer ${owner.access}` });
    expect(await totals(id)).toEqual({
      views: 0,
      qr_scans: 0,
      shares: 0,
      calendar_adds: 0,
      ticket_clicks: 0,
      visitors: 0,
    });
    // Past the access token's lifetime the dashboard's stored token has expired; it still names the owner.
    const stale = owner.access;
    await advance((t.config.accessTokenTtl + 60) * 1000);
    await beacon(id, { kind: 'view' }, '192.0.2.12', { Authorization: `Bearer ${stale}` });
    // A token that is not ours proves nothing: the view counts.
    await beacon(id, { kind: 'view' }, '192.0.2.13', { Authorization: 'Bearer not.a.token' });
    await beacon(id, { kind: 'view' }, '192.0.2.14', { Authorization: `Bearer ${stranger.access}` });
    expect((await totals(id)).views).toBe(2);
  });

  it('lets one address add at most perAddressPerDay hits a day over all listings, and counts again the next day', async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await createEvent(owner, { title: `Night ${i}` }));
    const address = '192.0.2.77';
    // 4 views + 4 ticket clicks from one address: only the first 5 count (limit 5 in this file).
    for (const id of ids) await beacon(id, { kind: 'view' }, address);
    for (const id of ids) await beacon(id, { kind: 'ticket_click' }, address);
    let sum = 0;
    for (const id of ids) {
      const counts = await totals(id);
      sum += (counts.views ?? 0) + (counts.ticket_clicks ?? 0);
    }
    expect(sum).toBe(5);

    await advance(DAY_MS);
    await beacon(ids[0]!, { kind: 'view' }, address);
    await counter.flush();
    const res = await call(t.app, 'GET', `/api/events/${ids[0]}/insights/?days=2`, { token: owner.access });
    expect(res.body.days.map((day: { views: number }) => day.views)).toEqual([1, 1]);
  });

  it('refuses a cross-site beacon, a body that is not JSON and an unknown kind with a JSON sentence', async () => {
    const crossSite = await beacon(eventId, { kind: 'view' }, '192.0.2.90', { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.detail).toMatch(/another website/);
    const plain = await call(t.app, 'POST', `/api/events/${eventId}/insights/hit/`, {
      raw: 'kind=view',
      headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER },
    });
    expect(plain.status).toBe(415);
    const unknown = await beacon(eventId, { kind: 'purchase' }, '192.0.2.91');
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('kind must be "view" or "ticket_click".');
    const badSrc = await beacon(eventId, { kind: 'view', src: 'email' }, '192.0.2.91');
    expect(badSrc.status).toBe(400);
    expect((await beacon(eventId, { kind: 'view' }, '192.0.2.91', {})).status).toBe(204);
  });

  it('drops hits for listings that do not exist or are drafts, without failing the batch', async () => {
    const draft = await createEvent(owner, { status: 'draft' });
    const live = await createEvent(owner);
    await beacon(draft, { kind: 'view' }, '192.0.2.120');
    await beacon(987654321, { kind: 'view' }, '192.0.2.120');
    await beacon(live, { kind: 'view' }, '192.0.2.120');
    expect((await totals(draft)).views).toBe(0);
    expect((await totals(live)).views).toBe(1);
  });
});

describe('storage', () => {
  it('adds by addition: two counters on one database sum into one row per listing per day, and stop() flushes', async () => {
    const id = await createEvent(owner);
    const other = insightsCounter({ db: t.db, now: () => t.clock.now(), limits: { flushMs: 3_600_000 } });
    for (let i = 0; i < 40; i++) counter.count(id, 'views', `10.0.0.${i}`);
    for (let i = 0; i < 25; i++) other.count(id, 'views', `10.0.1.${i}`);
    other.count(id, 'qr_scans', '10.0.1.1');
    // Nothing is written until a flush…
    const before = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM listing_insights WHERE event_id = $1',
      [id],
    );
    expect(before.rows[0]!.n).toBe(0);
    // …and a graceful stop is one.
    await other.stop();
    expect(await totals(id)).toMatchObject({ views: 65, qr_scans: 1 });
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM listing_insights WHERE event_id = $1',
      [id],
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('holds only listing, day and counts — no address — and housekeeping forgets days past 400', async () => {
    const columns = await t.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'listing_insights' ORDER BY column_name`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual([
      'calendar_adds',
      'day',
      'event_id',
      'qr_scans',
      'shares',
      'ticket_clicks',
      'views',
      'visitors',
    ]);
    const id = await createEvent(owner);
    await t.db.query(`INSERT INTO listing_insights (event_id, day, views) VALUES ($1, '2020-01-01', 7), ($1, $2, 3)`, [
      id,
      new Date(t.clock.now()).toISOString().slice(0, 10),
    ]);
    await cleanUp(t.db, t.clock.now());
    const left = await t.db.query<{ views: number }>('SELECT views FROM listing_insights WHERE event_id = $1', [id]);
    expect(left.rows.map((row) => row.views)).toEqual([3]);
  });

  it('goes with its listing when the listing is deleted', async () => {
    const id = await createEvent(owner);
    await beacon(id, { kind: 'view' }, '192.0.2.200');
    await counter.flush();
    expect((await call(t.app, 'DELETE', `/api/events/${id}/delete/`, { token: owner.access })).status).toBe(204);
    const left = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM listing_insights WHERE event_id = $1',
      [id],
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});
