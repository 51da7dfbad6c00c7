/**
 * A calendar add in a listing's insights is what the page's "Add to calendar"
 * button sends, not any fetch of `/e/{id}.ics`: the button links to the .ics
 * with a marker (`?from=page`), and only that, from our own page (or from a
 * browser that sends no Fetch Metadata), counts. A plain GET with a browser's
 * User-Agent — a calendar polling a pasted link, a link preview, a copied
 * address — gets the same file and counts nothing; nor does the marked link
 * on another site or typed into the address bar.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insightsCounter, type InsightsCounter } from '../../server/services/insights-counter.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { publicPage } from './support/public-page.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let counter: InsightsCounter;
let owner: Account;

beforeAll(async () => {
  const first = await startTestApp({ config: { trustProxy: true, trustProxyHops: 1 } });
  counter = insightsCounter({ db: first.db, now: () => first.clock.now(), limits: { flushMs: 3_600_000 } });
  const app = (
    await startTestApp({ db: first.db, clock: first.clock, config: first.config, deps: { insights: counter } })
  ).app;
  t = { ...first, app };
  owner = await signUp(t.app, 'subpromoter');
});
afterAll(async () => {
  await counter.stop();
  await t.close();
});

async function createEvent(): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', {
    token: owner.access,
    form: form({ title: 'Harbour Lights', start_date: '2026-07-04', start_time: '19:30' }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function calendarAdds(id: number): Promise<number> {
  await counter.flush();
  const res = await call(t.app, 'GET', `/api/events/${id}/insights/?days=1`, { token: owner.access });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.totals.calendar_adds as number;
}

function get(path: string, address: string, headers: Record<string, string> = {}) {
  return t.app.request(path, { headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address, ...headers } });
}

/** What a browser sends for a link followed from one of our pages. */
const fromOurPage = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' };

it("counts the page's Add to calendar button, once per address a day", async () => {
  const id = await createEvent();
  const { html } = await publicPage(t, id, t.config.publicUrl);
  const href = /<a class="button button--quiet" href="([^"]+)" download="">Add to calendar<\/a>/.exec(html)?.[1];
  expect(href).toBe(`/e/${id}.ics?from=page`);
  const res = await get(href!, '198.51.100.10', fromOurPage);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
  expect((await get(href!, '198.51.100.10', fromOurPage)).status).toBe(200);
  // A browser without Fetch Metadata (Safari before 16.4) still counts.
  expect((await get(href!, '198.51.100.11')).status).toBe(200);
  expect(await calendarAdds(id)).toBe(2);
});

it('counts nothing for a plain GET of the .ics, however browser-like', async () => {
  const id = await createEvent();
  const bare = `/e/${id}.ics`;
  const marked = await (await get(`${bare}?from=page`, '198.51.100.20')).text();
  for (let n = 21; n < 31; n++) {
    const res = await get(bare, `198.51.100.${n}`, n % 2 ? fromOurPage : {});
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(marked);
  }
  expect(await calendarAdds(id)).toBe(1);
});

it('counts nothing for the marked link on another site or typed into the address bar', async () => {
  const id = await createEvent();
  const href = `/e/${id}.ics?from=page`;
  expect((await get(href, '198.51.100.40', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(200);
  expect((await get(href, '198.51.100.41', { 'Sec-Fetch-Site': 'same-site' })).status).toBe(200);
  expect((await get(href, '198.51.100.42', { 'Sec-Fetch-Site': 'none', 'Sec-Fetch-User': '?1' })).status).toBe(200);
  expect((await get(`/e/${id}.ics?from=elsewhere`, '198.51.100.43', fromOurPage)).status).toBe(200);
  // Robots and prefetches stay out, as for every count.
  expect((await get(href, '198.51.100.44', { ...fromOurPage, 'User-Agent': 'curl/8.5.0' })).status).toBe(200);
  expect((await get(href, '198.51.100.45', { ...fromOurPage, 'Sec-Purpose': 'prefetch' })).status).toBe(200);
  expect(await calendarAdds(id)).toBe(0);
});
