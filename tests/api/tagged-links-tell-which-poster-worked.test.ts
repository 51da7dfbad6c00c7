/**
 * Tagged links (contract §11): the owner makes links to an event's page
 * (`?src={code}`) under labels of their own, at most 20, labels unique per
 * event whatever their case; nobody else sees or makes them (404). A view
 * through a link counts under its label in the insights' sources, a view
 * referred by another site under that site's host name (its host alone, our
 * own site never), and `visitors` counts each address once a day per listing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp } from '../../server/services/housekeeping.ts';
import { insightsCounter, type InsightsCounter } from '../../server/services/insights-counter.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY_MS = 86_400_000;

let t: TestApp;
let counter: InsightsCounter;
let owner: Account;
let stranger: Account;

async function createEvent(account: Account): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', {
    token: account.access,
    form: form({ title: 'Rooftop Jazz', start_date: '2026-07-04', start_time: '19:30' }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const links = (id: number) => `/api/events/${id}/links/`;

function newLink(id: number, label: unknown, account = owner) {
  return call(t.app, 'POST', links(id), { token: account.access, json: { label } });
}

/** The public page's beacon, from `address` (through the one trusted proxy). */
function beacon(id: number, body: unknown, address: string, headers: Record<string, string> = {}) {
  return call(t.app, 'POST', `/api/events/${id}/insights/hit/`, {
    json: body,
    headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address, 'Sec-Fetch-Site': 'same-origin', ...headers },
  });
}

async function insights(id: number) {
  await counter.flush();
  const res = await call(t.app, 'GET', `/api/events/${id}/insights/?days=30`, { token: owner.access });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    days: { date: string; visitors: number }[];
    totals: Record<string, number>;
    sources: { source: string; views: number }[];
  };
}

beforeAll(async () => {
  t = await startTestApp({ config: { trustProxy: true, trustProxyHops: 1 } });
  counter = insightsCounter({ db: t.db, now: () => t.clock.now(), limits: { flushMs: 3_600_000 } });
  t = {
    ...t,
    app: (await startTestApp({ db: t.db, clock: t.clock, config: t.config, deps: { insights: counter } })).app,
  };
  owner = await signUp(t.app, 'subpromoter');
  stranger = await signUp(t.app, 'subpromoter');
});
afterAll(async () => {
  await counter.stop();
  await t.close();
});

describe('making and listing links', () => {
  it('makes a link under a label, with the page address and a short code, and lists it', async () => {
    const id = await createEvent(owner);
    const res = await newLink(id, '  Library poster ');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ label: 'Library poster' });
    expect(typeof res.body.id).toBe('number');
    expect(res.body.url).toMatch(new RegExp(`^https?://[^/]+/e/${id}/rooftop-jazz\\?src=[a-z2-7]{8}$`));
    const other = await newLink(id, 'Café flyer');
    expect(new URL(other.body.url).searchParams.get('src')).not.toBe(new URL(res.body.url).searchParams.get('src'));

    const list = await call(t.app, 'GET', links(id), { token: owner.access });
    expect(list.status).toBe(200);
    expect(list.body.map((link: { label: string }) => link.label)).toEqual(['Library poster', 'Café flyer']);
    expect(list.body[0]).toMatchObject({ id: res.body.id, url: res.body.url, views: 0 });
  });

  it('refuses a label the event already has, whatever its case, with 409', async () => {
    const id = await createEvent(owner);
    expect((await newLink(id, 'Library poster')).status).toBe(201);
    const again = await newLink(id, 'LIBRARY POSTER');
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already has a link called/);
    // Another event may use the same label.
    expect((await newLink(await createEvent(owner), 'Library poster')).status).toBe(201);
  });

  it('refuses an empty, long or multi-line label with 400', async () => {
    const id = await createEvent(owner);
    for (const label of ['', '   ', 'x'.repeat(41), 'one\ntwo', 7]) {
      expect((await newLink(id, label)).status, JSON.stringify(label)).toBe(400);
    }
    expect((await newLink(id, 'x'.repeat(40))).status).toBe(201);
  });

  it('holds at most 20 links per event: the 21st is 409', async () => {
    const id = await createEvent(owner);
    for (let i = 1; i <= 20; i++) expect((await newLink(id, `Poster ${i}`)).status).toBe(201);
    const over = await newLink(id, 'Poster 21');
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/at most 20 links/);
  });

  it("is 404 for another user's event, both ways, and 401 without a token", async () => {
    const id = await createEvent(owner);
    expect((await newLink(id, 'Mine now', stranger)).status).toBe(404);
    expect((await call(t.app, 'GET', links(id), { token: stranger.access })).status).toBe(404);
    expect((await call(t.app, 'GET', links(id))).status).toBe(401);
  });
});

describe('sources and visitors in insights', () => {
  it('counts a view through a link under its label, per page load as views are, and qr and share under theirs', async () => {
    const id = await createEvent(owner);
    const made = await newLink(id, 'Library poster');
    const src = new URL(made.body.url).searchParams.get('src');
    await beacon(id, { kind: 'view', src }, '198.51.100.10');
    await beacon(id, { kind: 'view', src }, '198.51.100.10');
    await beacon(id, { kind: 'view', src }, '198.51.100.11');
    await beacon(id, { kind: 'view', src: 'qr' }, '198.51.100.12');
    // A code that is not one of this event's links counts as a plain view.
    await beacon(id, { kind: 'view', src: 'abcdefgh' }, '198.51.100.13');
    const answer = await insights(id);
    expect(answer.sources).toEqual([
      { source: 'Library poster', views: 3 },
      { source: 'qr', views: 1 },
    ]);
    expect(answer.totals.views).toBe(5);
    expect(answer.totals.visitors).toBe(4);
    const list = await call(t.app, 'GET', links(id), { token: owner.access });
    expect(list.body[0].views).toBe(3);
  });

  it("counts a view referred by another site under that site's host name, never its path or our own site", async () => {
    const id = await createEvent(owner);
    const origin = new URL(t.config.publicUrl).origin;
    await beacon(id, { kind: 'view' }, '198.51.100.20', { Referer: 'https://News.Example.org/story/42?x=1' });
    await beacon(id, { kind: 'view', ref: 'news.example.org' }, '198.51.100.21');
    await beacon(id, { kind: 'view' }, '198.51.100.22', { Referer: `${origin}/e/${id}/rooftop-jazz` });
    const answer = await insights(id);
    expect(answer.sources).toEqual([{ source: 'news.example.org', views: 2 }]);
    expect(JSON.stringify(answer)).not.toContain('story');
  });

  it('tells at most 20 referring sites apart per listing and day; the rest count as "other"', async () => {
    const id = await createEvent(owner);
    for (let i = 0; i < 22; i++) {
      await beacon(id, { kind: 'view', ref: `site${i}.example` }, `198.51.101.${i + 1}`);
    }
    const { sources } = await insights(id);
    expect(sources).toHaveLength(21);
    expect(sources[0]).toEqual({ source: 'other', views: 2 });
  });

  it('counts each address once a day as a visitor, whatever it did, per day and in the totals', async () => {
    const id = await createEvent(owner);
    await beacon(id, { kind: 'view' }, '198.51.100.30');
    await beacon(id, { kind: 'view', src: 'qr' }, '198.51.100.30');
    await beacon(id, { kind: 'ticket_click' }, '198.51.100.30');
    await beacon(id, { kind: 'view' }, '198.51.100.31');
    let answer = await insights(id);
    expect(answer.days.at(-1)!.visitors).toBe(2);
    expect(answer.totals.visitors).toBe(2);

    t.clock.advance(DAY_MS);
    const fresh = await call(t.app, 'POST', '/api/auth/login/', {
      json: { email: owner.email, password: owner.password },
    });
    owner.access = fresh.body.access;
    await beacon(id, { kind: 'view' }, '198.51.100.30');
    answer = await insights(id);
    expect(answer.days.slice(-2).map((day) => day.visitors)).toEqual([2, 1]);
    expect(answer.totals.visitors).toBe(3);
  });

  it('stores counts per source and day, never an address, and housekeeping forgets old days', async () => {
    const columns = await t.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = 'listing_insight_sources' ORDER BY column_name`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(['day', 'event_id', 'source', 'views']);
    const id = await createEvent(owner);
    await t.db.query(
      `INSERT INTO listing_insight_sources (event_id, day, source, views) VALUES ($1, '2020-01-01', 'qr', 7)`,
      [id],
    );
    await cleanUp(t.db, t.clock.now());
    const left = await t.db.query('SELECT 1 FROM listing_insight_sources WHERE event_id = $1', [id]);
    expect(left.rows).toHaveLength(0);
  });
});
