/**
 * Reach (contract §11): a promoter's or venue's page names its calendar and
 * Atom feeds and its oEmbed answer; the Atom feed is XML with one entry per
 * upcoming published event, each saying what changed (a cancelled event says
 * Cancelled), and revalidates by ETag; oEmbed answers for event, promoter and
 * venue pages of this site only; the frames it hands out are small, script-
 * and cookie-free and frameable by any site while every other page still
 * refuses framing; events on the pages and frames are microformats2 h-events.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_LIMIT } from '../../server/routes/listing-pages.ts';
import { RENDERED_MAX_AGE_MS } from '../../server/services/rendered-cache.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { publicPage } from './support/public-page.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://reach.roamly.test';
const FRAME_LIMIT = 30 * 1024;
let t: TestApp;
let sam: Account;
let venue: Account;
let jazzId: number;
let cancelledId: number;
let soldOutId: number;
let listingId: number;

const page = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

async function createEvent(account: Account, fields: Record<string, string>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', { token: account.access, form: form(fields) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function update(account: Account, id: number, fields: Record<string, string>) {
  const res = await call(t.app, 'PUT', `/api/events/${id}/update/`, { token: account.access, form: form(fields) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const documentOf = (html: string) => new JSDOM(html).window.document;

function xmlOf(text: string): Document {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const ATOM = 'http://www.w3.org/2005/Atom';
const entriesOf = (feed: Document) => [...feed.getElementsByTagNameNS(ATOM, 'entry')];
const childText = (entry: Element, name: string) => entry.getElementsByTagNameNS(ATOM, name)[0]?.textContent ?? '';

/** The `<link rel="alternate">`s of a page, by type. */
function alternatesOf(html: string): Map<string, string> {
  const links = [...documentOf(html).querySelectorAll('head link[rel="alternate"]')];
  return new Map(links.map((link) => [link.getAttribute('type')!, link.getAttribute('href')!]));
}

async function oembed(url: string, extra = '') {
  return call(t.app, 'GET', `/api/oembed/?url=${encodeURIComponent(url)}&format=json${extra}`);
}

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
  sam = await signUp(t.app, 'subpromoter', { display_name: 'sam.nights' });
  venue = await signUp(t.app, 'business', { display_name: 'The_Blue_Door' });
  jazzId = await createEvent(sam, {
    title: 'Jazz & Soul <on the roof>',
    bio: 'Live quartet on the roof.',
    location_name: 'Skyline Bar, 1 High St, London',
    latitude: '51.5085',
    longitude: '-0.1257',
    start_date: '2026-07-04',
    start_time: '19:30',
    end_date: '2026-07-04',
    end_time: '23:00',
  });
  cancelledId = await createEvent(sam, { title: 'Warehouse Night', start_date: '2026-02-06', start_time: '22:00' });
  await update(sam, cancelledId, { status: 'cancelled', status_note: 'The warehouse flooded.' });
  soldOutId = await createEvent(sam, { title: 'Tiny Gig', start_date: '2026-03-01', start_time: '20:00' });
  await update(sam, soldOutId, { sold_out: 'true' });
  // Neither belongs in a feed: one is over before the test clock's today (15 Jan 2026), one is a draft.
  await createEvent(sam, { title: 'Last Year Party', start_date: '2025-12-31', start_time: '21:00' });
  await createEvent(sam, { title: 'Secret Draft', start_date: '2026-04-10', start_time: '22:00', status: 'draft' });
  listingId = await createEvent(venue, {
    title: 'Blue Door Café',
    location_name: 'Leeds, England, GB',
    is_recurring: 'true',
    schedule_blocks: JSON.stringify({ monday: [{ start: '08:00', end: '16:00' }] }),
  });
  await createEvent(venue, { title: 'Quiz Night', start_date: '2026-05-05', start_time: '19:00' });
});
afterAll(() => t.close());

describe('the Atom feed: /p/{name}.atom', () => {
  it('is XML with one entry per upcoming published event, each linking its page', async () => {
    const res = await page('/p/sam.nights.atom', { Host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const text = await res.text();
    expect(text).not.toContain('evil.example');
    const feed = xmlOf(text);
    expect(feed.documentElement.namespaceURI).toBe(ATOM);
    expect(feed.documentElement.localName).toBe('feed');
    const entries = entriesOf(feed);
    const titles = entries.map((entry) => childText(entry, 'title'));
    expect(titles).toHaveLength(3);
    expect(titles).toEqual(
      expect.arrayContaining(['Jazz & Soul <on the roof>', 'Cancelled: Warehouse Night', 'Sold out: Tiny Gig']),
    );
    const jazz = entries.find((entry) => childText(entry, 'title') === 'Jazz & Soul <on the roof>')!;
    expect(childText(jazz, 'id')).toBe(`${PUBLIC_URL}/e/${jazzId}`);
    expect(jazz.getElementsByTagNameNS(ATOM, 'link')[0]!.getAttribute('href')).toBe(
      `${PUBLIC_URL}/e/${jazzId}/jazz-soul-on-the-roof`,
    );
    expect(Number.isNaN(Date.parse(childText(jazz, 'updated')))).toBe(false);
    expect(childText(jazz, 'summary')).toContain('Skyline Bar, 1 High St, London');
    // The feed itself: id, title, author and self link, as RFC 4287 requires.
    const root = feed.documentElement;
    expect(root.getElementsByTagNameNS(ATOM, 'author')).toHaveLength(1);
    const self = [...root.getElementsByTagNameNS(ATOM, 'link')].find((link) => link.getAttribute('rel') === 'self');
    expect(self!.getAttribute('href')).toBe(`${PUBLIC_URL}/p/sam.nights.atom`);
  });

  it("says Cancelled, with the note, in a cancelled event's entry, and marks its states as categories", async () => {
    const entries = entriesOf(xmlOf(await (await page('/p/sam.nights.atom')).text()));
    const cancelled = entries.find((entry) => childText(entry, 'id') === `${PUBLIC_URL}/e/${cancelledId}`)!;
    expect(childText(cancelled, 'title')).toBe('Cancelled: Warehouse Night');
    expect(childText(cancelled, 'summary')).toContain('Cancelled: The warehouse flooded.');
    const terms = (entry: Element) =>
      [...entry.getElementsByTagNameNS(ATOM, 'category')].map((category) => category.getAttribute('term'));
    expect(terms(cancelled)).toEqual(['cancelled']);
    const soldOut = entries.find((entry) => childText(entry, 'id') === `${PUBLIC_URL}/e/${soldOutId}`)!;
    expect(terms(soldOut)).toEqual(['sold-out']);
  });

  it("leaves a venue's business listing out and keeps its events", async () => {
    const titles = entriesOf(xmlOf(await (await page('/p/The_Blue_Door.atom')).text())).map((entry) =>
      childText(entry, 'title'),
    );
    expect(titles).toEqual(['Quiz Night']);
  });

  it('answers 304 to its ETag and changes with an edit', async () => {
    const first = await page('/p/sam.nights.atom');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('last-modified')).toBeTruthy();
    expect((await page('/p/sam.nights.atom', { 'If-None-Match': etag })).status).toBe(304);
    await update(sam, soldOutId, { title: 'Tiny Gig (moved upstairs)' });
    // A feed's rendered copy is kept up to RENDERED_MAX_AGE_MS (services/rendered-cache.ts).
    t.clock.advance(RENDERED_MAX_AGE_MS);
    const after = await page('/p/sam.nights.atom', { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('Sold out: Tiny Gig (moved upstairs)');
  });

  it("is told apart from a name ending in .atom, and an unknown name's feed is a 404", async () => {
    const named = await signUp(t.app, 'subpromoter', { display_name: 'news.atom' });
    expect(named.access).toBeTruthy();
    const res = await page('/p/news.atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<h1 id="profile-name">news.atom</h1>');
    expect((await page('/p/news.atom.atom')).headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect((await page('/p/nobody.here.atom')).status).toBe(404);
  });
});

describe('pages that list events', () => {
  it('link their calendar feed, Atom feed and oEmbed answer, and show Subscribe', async () => {
    for (const name of ['sam.nights', 'The_Blue_Door']) {
      const html = await (await page(`/p/${name}`)).text();
      const alternates = alternatesOf(html);
      expect(alternates.get('text/calendar')).toBe(`${PUBLIC_URL}/p/${name}.ics`);
      expect(alternates.get('application/atom+xml')).toBe(`${PUBLIC_URL}/p/${name}.atom`);
      expect(alternates.get('application/json+oembed')).toBe(
        `${PUBLIC_URL}/api/oembed/?url=${encodeURIComponent(`${PUBLIC_URL}/p/${name}`)}&format=json`,
      );
      const doc = documentOf(html);
      const subscribe = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Subscribe');
      expect(subscribe!.getAttribute('href')).toBe(`webcal://reach.roamly.test/p/${name}.ics`);
      const atom = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Atom feed');
      expect(atom!.getAttribute('href')).toBe(`/p/${name}.atom`);
    }
  });

  it('mark each event up as an h-event with p-name, dt-start, dt-end, u-url and p-location', async () => {
    const doc = documentOf(await (await page('/p/sam.nights')).text());
    const events = [...doc.querySelectorAll('.h-event')];
    expect(events).toHaveLength(3);
    const jazz = events.find((event) => event.querySelector('.p-name')!.textContent === 'Jazz & Soul <on the roof>')!;
    expect(jazz.querySelector('data.u-url')!.getAttribute('value')).toBe(
      `${PUBLIC_URL}/e/${jazzId}/jazz-soul-on-the-roof`,
    );
    expect(jazz.querySelector('data.dt-start')!.getAttribute('value')).toBe('2026-07-04T19:30:00+01:00');
    expect(jazz.querySelector('data.dt-end')!.getAttribute('value')).toBe('2026-07-04T23:00:00+01:00');
    expect(jazz.querySelector('.p-location')!.textContent).toBe('Skyline Bar, 1 High St, London');
    // A venue's own listing (opening hours) is not an event.
    const venueDoc = documentOf(await (await page('/p/The_Blue_Door')).text());
    expect(venueDoc.querySelectorAll('.h-event')).toHaveLength(1);
  });

  it("mark the event's own page up as an h-event beside its JSON-LD, and link its oEmbed answer", async () => {
    const { html } = await publicPage(t, jazzId, PUBLIC_URL);
    const event = documentOf(html).querySelector('article.h-event')!;
    expect(event.querySelector('h1.p-name')!.textContent).toBe('Jazz & Soul <on the roof>');
    expect(event.querySelector('data.dt-start')!.getAttribute('value')).toBe('2026-07-04T19:30:00+01:00');
    expect(event.querySelector('data.dt-end')!.getAttribute('value')).toBe('2026-07-04T23:00:00+01:00');
    expect(event.querySelector('data.u-url')!.getAttribute('value')).toBe(
      `${PUBLIC_URL}/e/${jazzId}/jazz-soul-on-the-roof`,
    );
    expect(event.querySelector('.p-location')!.textContent).toBe('Skyline Bar, 1 High St, London');
    expect(event.querySelector('.p-summary')!.textContent).toBe('Live quartet on the roof.');
    expect(html).toContain('<script type="application/ld+json">');
    expect(alternatesOf(html).get('application/json+oembed')).toContain('/api/oembed/?url=');
    // A business listing is a place, not an event.
    const listing = await publicPage(t, listingId, PUBLIC_URL);
    expect(listing.html).not.toContain('h-event');
  });
});

describe('oEmbed: /api/oembed/', () => {
  it('answers oEmbed 1.0 rich JSON with an iframe of the frame for an event page', async () => {
    const res = await oembed(`${PUBLIC_URL}/e/${jazzId}/jazz-soul-on-the-roof`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: '1.0',
      type: 'rich',
      title: 'Jazz & Soul <on the roof>',
      provider_name: 'Roamly',
      width: 400,
      height: 260,
    });
    expect(res.body.html).toMatch(new RegExp(`^<iframe src="${PUBLIC_URL}/embed/e/${jazzId}" `));
    expect(res.body.html).toContain('title="Jazz &amp; Soul &lt;on the roof&gt;"');
  });

  it('answers for promoter and venue pages, within maxwidth and maxheight', async () => {
    const promoter = await oembed(`${PUBLIC_URL}/p/sam.nights`, '&maxwidth=320&maxheight=200');
    expect(promoter.status).toBe(200);
    expect(promoter.body).toMatchObject({ title: 'sam.nights', width: 320, height: 200 });
    expect(promoter.body.html).toContain(`src="${PUBLIC_URL}/embed/p/sam.nights"`);
    expect(promoter.body.html).toContain('width="320" height="200"');
    const place = await oembed(`${PUBLIC_URL}/p/The_Blue_Door`);
    expect(place.status).toBe(200);
    expect(place.body.html).toContain(`src="${PUBLIC_URL}/embed/p/The_Blue_Door"`);
  });

  it('is a 404 with a detail for any other address: another site, a feed, a missing page', async () => {
    for (const url of [
      `https://evil.example/e/${jazzId}`,
      `http://reach.roamly.test/e/${jazzId}`,
      `${PUBLIC_URL}/p/sam.nights.ics`,
      `${PUBLIC_URL}/p/nobody.here`,
      `${PUBLIC_URL}/e/999999`,
      `${PUBLIC_URL}/about`,
      'not a url',
    ]) {
      const res = await oembed(url);
      expect(res.status, url).toBe(404);
      expect(typeof res.body.detail).toBe('string');
    }
  });

  it('answers 501 for format=xml', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/oembed/?url=${encodeURIComponent(`${PUBLIC_URL}/p/sam.nights`)}&format=xml`,
    );
    expect(res.status).toBe(501);
    expect(typeof res.body.detail).toBe('string');
    // The API's description says so too.
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths['/api/oembed/'].get.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '501']),
    );
  });
});

describe('the frames: /embed/e/{id} and /embed/p/{name}', () => {
  const frames = () => [
    `/embed/e/${jazzId}`,
    `/embed/e/${cancelledId}`,
    '/embed/p/sam.nights',
    '/embed/p/The_Blue_Door',
  ];

  it('are under 30 KB, with no script and no cookie, frameable by any site', async () => {
    for (const path of frames()) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(Buffer.byteLength(html), path).toBeLessThanOrEqual(FRAME_LIMIT);
      expect(html).not.toMatch(/<script/i);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('x-frame-options')).toBeNull();
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain('frame-ancestors *');
      expect(csp).not.toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(html).toContain('prefers-color-scheme:dark');
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    }
  });

  it('show the event with its state and h-event, links opening in a new tab', async () => {
    const cancelled = documentOf(await (await page(`/embed/e/${cancelledId}`)).text());
    expect(cancelled.querySelector('.h-event .p-name')!.textContent).toBe('Warehouse Night');
    expect(cancelled.querySelector('.state')!.textContent).toBe('Cancelled: The warehouse flooded.');
    expect(cancelled.querySelector('base')!.getAttribute('target')).toBe('_blank');
    const list = documentOf(await (await page('/embed/p/sam.nights')).text());
    expect(list.querySelectorAll('.h-event')).toHaveLength(3);
    expect(list.querySelector('.h-event data.dt-start')).not.toBeNull();
  });

  it('answer a small 404 frame for an unknown event or name', async () => {
    for (const path of ['/embed/e/999999', '/embed/p/nobody.here', '/embed/x']) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toMatch(/<script/i);
    }
  });

  it('leave every other page refusing to be framed', async () => {
    for (const path of ['/p/sam.nights', `/e/${jazzId}/jazz-soul-on-the-roof`, '/p/sam.nights.atom']) {
      const res = await page(path);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });
});

describe('at the limits', () => {
  it('keeps a frame under 30 KB with every field at its longest and all of it escaped', async () => {
    const full = await signUp(t.app, 'subpromoter', { display_name: 'full.house' });
    const me = await call(t.app, 'GET', '/api/auth/profile/', { token: full.access });
    // '&' is the costliest character to write: five bytes each as "&amp;".
    await t.db.query(
      `INSERT INTO events (user_id, title, bio, location_name, status, status_note, start_date, start_time, end_time)
       SELECT $1, repeat('&', 200), repeat('&', 5000), repeat('&', 300), 'cancelled', repeat('&', 280),
              date '2026-02-01' + n, time '21:00', time '23:30'
         FROM generate_series(1, 40) AS n`,
      [me.body.id],
    );
    const list = await page('/embed/p/full.house');
    expect(Buffer.byteLength(await list.text())).toBeLessThanOrEqual(FRAME_LIMIT);
    const { rows } = await t.db.query<{ id: string }>('SELECT id::text FROM events WHERE user_id = $1 LIMIT 1', [
      me.body.id,
    ]);
    const one = await page(`/embed/e/${rows[0]!.id}`);
    expect(one.status).toBe(200);
    expect(Buffer.byteLength(await one.text())).toBeLessThanOrEqual(FRAME_LIMIT);
    const feed = xmlOf(await (await page('/p/full.house.atom')).text());
    expect(entriesOf(feed)).toHaveLength(40);
  });

  it(`holds at most ${FEED_LIMIT} entries, as the calendar feed does`, async () => {
    const busy = await signUp(t.app, 'subpromoter', { display_name: 'busy.bee' });
    const me = await call(t.app, 'GET', '/api/auth/profile/', { token: busy.access });
    await t.db.query(
      `INSERT INTO events (user_id, title, location_name, start_date, start_time, end_time)
       SELECT $1, 'Night ' || n, 'Club ' || n, date '2026-02-01' + n, time '21:00', time '23:30'
         FROM generate_series(1, 250) AS n`,
      [me.body.id],
    );
    const entries = entriesOf(xmlOf(await (await page('/p/busy.bee.atom')).text()));
    expect(entries).toHaveLength(FEED_LIMIT);
    expect(childText(entries[0]!, 'title')).toBe('Night 1');
  });
});
