/**
 * "Add to calendar" and the promoter/venue pages (contract §10):
 * `/e/{id}.ics` is RFC 5545 that a real parser (ical.js) reads back with a
 * stable UID, the listing's zone and escaped text; `/p/{display_name}` lists
 * an account's upcoming listings (dots in names included), `/p/{name}.ics`
 * is the same as a feed; unknown names answer a real 404 page; a renamed
 * account's old link answers 301 for RENAMED_LINK_DAYS, then 404; pages and
 * feeds revalidate by ETag and change with an edit; 500 events stay capped.
 */
import { RENDERED_MAX_AGE_MS } from '../../server/services/rendered-cache.ts';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_LIMIT, PAGE_LIMIT } from '../../server/routes/listing-pages.ts';
import { RENAMED_LINK_DAYS } from '../../src/shared/contract/promoter-url.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { sitemapText } from './support/sitemap.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
let t: TestApp;
let sam: Account;
let venue: Account;
let eventId: number;
let overnightId: number;
let venueListingId: number;

const page = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

async function createEvent(account: Account, fields: Record<string, string>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', { token: account.access, form: form(fields) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** Every VEVENT of a calendar text, parsed by ical.js, times read through the calendar's own VTIMEZONEs. */
function veventsOf(text: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
  sam = await signUp(t.app, 'subpromoter', { display_name: 'sam.nights' });
  venue = await signUp(t.app, 'business', { display_name: 'The_Blue_Door' });
  eventId = await createEvent(sam, {
    title: 'Jazz, Soul; and \\ more — a very long title that needs folding past seventy-five octets ✦✦✦',
    bio: 'Live quartet on the roof.\nBring a jacket, it gets cold.',
    location_name: 'Skyline Bar, 1 High St, London',
    latitude: '51.5085',
    longitude: '-0.1257',
    start_date: '2026-07-04',
    start_time: '19:30',
    end_date: '2026-07-04',
    end_time: '23:00',
  });
  overnightId = await createEvent(sam, {
    title: 'Warehouse Night',
    location_name: 'Unit 4, Leeds',
    start_date: '2026-02-06',
    start_time: '22:00',
    end_time: '04:00',
  });
  // Over before the test clock's "today" (15 Jan 2026): never on the page.
  await createEvent(sam, { title: 'Last Year Party', start_date: '2025-12-31', start_time: '21:00' });
  venueListingId = await createEvent(venue, {
    title: 'Blue Door Café',
    location_name: 'Leeds, England, GB',
    is_recurring: 'true',
    schedule_blocks: JSON.stringify({ monday: [{ start: '08:00', end: '16:00' }] }),
  });
});
afterAll(() => t.close());

describe('Add to calendar: /e/{id}.ics', () => {
  it('is RFC 5545 that ical.js reads back: one VEVENT with a stable UID, zone, summary, place, URL and description', async () => {
    const res = await page(`/e/${eventId}.ics`, { Host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="jazz-soul-and-more[\w-]*\.ics"$/);
    const text = await res.text();
    expect(text).not.toContain('evil.example');
    // CRLF line ends, and no line longer than 75 octets (folded).
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line)))).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);

    const [event, ...others] = veventsOf(text);
    expect(others).toEqual([]);
    expect(event!.uid).toBe(`event-${eventId}@listings.roamly.test`);
    expect(event!.summary).toBe(
      'Jazz, Soul; and \\ more — a very long title that needs folding past seventy-five octets ✦✦✦',
    );
    expect(event!.location).toBe('Skyline Bar, 1 High St, London');
    expect(event!.description).toContain('Live quartet on the roof.\nBring a jacket, it gets cold.');
    expect(event!.component.getFirstPropertyValue('url')).toMatch(
      new RegExp(`^${PUBLIC_URL}/e/${eventId}/jazz-soul-and-more`),
    );
    expect(event!.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    // Wall-clock time in Europe/London with its VTIMEZONE: 19:30 BST is 18:30 UTC.
    expect(event!.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/London');
    expect(event!.startDate.zone.tzid).toBe('Europe/London');
    expect(event!.startDate.toString()).toBe('2026-07-04T19:30:00');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-07-04T18:30:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-07-04T22:00:00.000Z');
    expect(event!.isRecurring()).toBe(false);

    // The same UID every time, so importing again updates the entry.
    const again = veventsOf(await (await page(`/e/${eventId}.ics`)).text());
    expect(again[0]!.uid).toBe(event!.uid);
  });

  it('ends an overnight event the next morning, in GMT in winter', async () => {
    const [event] = veventsOf(await (await page(`/e/${overnightId}.ics`)).text());
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-02-06T22:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-02-07T04:00:00.000Z');
  });

  it('is linked as "Add to calendar" from the event page, not from a business listing', async () => {
    const html = await (await page(`/e/${eventId}`, {})).text();
    expect(html).toBe(''); // a 301 to the slug
    const event = await (await t.app.request((await page(`/e/${eventId}`)).headers.get('location')!)).text();
    expect(event).toMatch(
      new RegExp(
        `<a class="button button--quiet" href="/e/${eventId}\\.ics\\?from=page" download="">Add to calendar</a>`,
      ),
    );
    // The organiser's page, for people and in the schema.org data.
    expect(event).toContain('<p class="listing-by">By <a href="/p/sam.nights">sam.nights</a></p>');
    expect(event).toContain(`"organizer":{"@type":"Person","name":"sam.nights","url":"${PUBLIC_URL}/p/sam.nights"}`);
    const listing = await (await page(`/e/${venueListingId}/blue-door-cafe`)).text();
    expect(listing).not.toContain('Add to calendar');
    expect((await page(`/e/${venueListingId}.ics`)).status).toBe(404);
  });

  it('answers a real 404 page for unknown ids and revalidates by ETag', async () => {
    const missing = await page('/e/999999.ics');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('We could not find that listing');
    const first = await page(`/e/${eventId}.ics`);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('last-modified')).toBeTruthy();
    expect((await page(`/e/${eventId}.ics`, { 'If-None-Match': etag })).status).toBe(304);
  });
});

describe('weekly series and drafts in calendars', () => {
  it('writes a weekly series as one VEVENT with an RRULE that ical.js expands to its Fridays and Saturdays', async () => {
    const id = await createEvent(sam, {
      title: 'Friday & Saturday Club',
      location_name: 'Shoreditch',
      is_recurring: 'true',
      friday: 'true',
      saturday: 'true',
      start_date: '2026-03-20',
      recurring_start_time: '21:00',
      recurring_end_time: '23:30',
    });
    const text = await (await page(`/e/${id}.ics`)).text();
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=FR,SA\r\n');
    const [event] = veventsOf(text);
    expect(event!.isRecurring()).toBe(true);
    const iterator = event!.iterator();
    const starts = [1, 2, 3, 4].map(() => iterator.next()!.toJSDate().toISOString());
    // 20 March 2026 is a Friday in GMT; the clocks go forward on the 29th (BST: 21:00 is 20:00 UTC).
    expect(starts).toEqual([
      '2026-03-20T21:00:00.000Z',
      '2026-03-21T21:00:00.000Z',
      '2026-03-27T21:00:00.000Z',
      '2026-03-28T21:00:00.000Z',
    ]);
    const next = iterator.next()!;
    expect(next.toJSDate().toISOString()).toBe('2026-04-03T20:00:00.000Z');
    expect(event!.getOccurrenceDetails(next).endDate.toJSDate().toISOString()).toBe('2026-04-03T22:30:00.000Z');
    expect(await (await page('/p/sam.nights.ics')).text()).toContain(`UID:event-${id}@listings.roamly.test`);
    expect(await (await page('/p/sam.nights')).text()).toContain('Friday &amp; Saturday Club');
    await call(t.app, 'DELETE', `/api/events/${id}/delete/`, { token: sam.access });
  });

  it('keeps drafts out: their .ics is a 404 and they are on no /p/ page or feed until published', async () => {
    const id = await createEvent(sam, {
      title: 'Secret Warehouse',
      start_date: '2026-04-10',
      start_time: '22:00',
      status: 'draft',
    });
    const draftIcs = await page(`/e/${id}.ics`);
    expect(draftIcs.status).toBe(404);
    expect(await (await page('/p/sam.nights')).text()).not.toContain('Secret Warehouse');
    expect(await (await page('/p/sam.nights.ics')).text()).not.toContain(`event-${id}@`);

    const published = await call(t.app, 'PUT', `/api/events/${id}/update/`, {
      token: sam.access,
      form: form({ status: 'published' }),
    });
    expect(published.status).toBe(200);
    expect((await page(`/e/${id}.ics`)).status).toBe(200);
    expect(await (await page('/p/sam.nights')).text()).toContain('Secret Warehouse');
    await call(t.app, 'DELETE', `/api/events/${id}/delete/`, { token: sam.access });
  });

  it("an account whose only listings are drafts is on the sitemap's /p/ list no more than its drafts", async () => {
    const quiet = await signUp(t.app, 'subpromoter', { display_name: 'quiet.one' });
    await createEvent(quiet, { title: 'Not Yet', start_date: '2026-04-10', status: 'draft' });
    expect(await sitemapText(t.app)).not.toContain('/p/quiet.one<');
    expect(await (await page('/p/quiet.one')).text()).toContain('No upcoming events right now.');
  });
});

describe('promoter and venue pages: /p/{display_name}', () => {
  it('renders a name with a dot as a page: upcoming events in date order, JSON-LD ItemList, Open Graph, feed link', async () => {
    const res = await page('/p/sam.nights', { Host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<h1 id="profile-name">sam.nights</h1>');
    const warehouse = html.indexOf('Warehouse Night');
    const jazz = html.indexOf('Jazz, Soul; and \\ more');
    expect(warehouse).toBeGreaterThan(0);
    expect(jazz).toBeGreaterThan(warehouse);
    expect(html).not.toContain('Last Year Party');
    expect(html).toContain(`href="/e/${overnightId}/warehouse-night"`);
    expect(html).toContain('href="/p/sam.nights.ics"');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/p/sam.nights">`);
    expect(html).toContain('<meta property="og:title" content="sam.nights — Roamly">');
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/p/sam.nights">`);
    expect(html).not.toContain('evil.example');
    const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      url: `${PUBLIC_URL}/p/sam.nights`,
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: `${PUBLIC_URL}/e/${overnightId}/warehouse-night` },
        { '@type': 'ListItem', position: 2 },
      ],
    });
  });

  it('lists the pages of accounts with listings in the sitemap, and robots.txt allows them', async () => {
    const xml = await sitemapText(t.app);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/p/sam.nights</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/p/The_Blue_Door</loc>`);
    expect(await (await page('/robots.txt')).text()).toContain('Allow: /p/');
  });

  it('shows a venue its business listing', async () => {
    const html = await (await page('/p/The_Blue_Door')).text();
    expect(html).toContain('Blue Door Café');
    expect(html).toContain('Mon 08:00–16:00');
    expect(html).toContain('No upcoming events right now.');
  });

  it('serves the same listings as a subscribable calendar feed', async () => {
    // Earlier tests read this feed before an event of theirs was deleted: its copy lives RENDERED_MAX_AGE_MS.
    t.clock.advance(RENDERED_MAX_AGE_MS);
    const res = await page('/p/sam.nights.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('sam.nights on Roamly');
    expect(veventsOf(text).map((event) => event.uid)).toEqual([
      `event-${overnightId}@listings.roamly.test`,
      `event-${eventId}@listings.roamly.test`,
    ]);
  });

  it('answers a real 404 page for unknown and impossible names, and 301 to the name as written', async () => {
    for (const path of ['/p/nobody.here', '/p/nobody.here.ics', '/p/bad%20name', '/p/a/b', `/p/${'x'.repeat(31)}`]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('We could not find that page');
    }
    const upper = await page('/p/SAM.NIGHTS');
    expect(upper.status).toBe(301);
    expect(upper.headers.get('location')).toBe(`${PUBLIC_URL}/p/sam.nights`);
  });

  it('revalidates the page and feed by ETag and changes them the moment an event is added', async () => {
    for (const path of ['/p/sam.nights', '/p/sam.nights.ics']) {
      const first = await page(path);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, must-revalidate');
      expect(first.headers.get('last-modified')).toBeTruthy();
      expect((await page(path, { 'If-None-Match': etag })).status).toBe(304);
    }
    const before = await page('/p/sam.nights');
    const id = await createEvent(sam, { title: 'Added Late', start_date: '2026-03-01', start_time: '20:00' });
    const after = await page('/p/sam.nights', { 'If-None-Match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('Added Late');
    // A deletion moves no timestamp forward: If-Modified-Since alone never earns a 304 here.
    expect((await call(t.app, 'DELETE', `/api/events/${id}/delete/`, { token: sam.access })).status).toBe(204);
    const since = await page('/p/sam.nights', { 'If-Modified-Since': after.headers.get('last-modified')! });
    expect(since.status).toBe(200);
    expect(await since.text()).not.toContain('Added Late');
  });

  it(`keeps a renamed account's old link as a 301 for ${RENAMED_LINK_DAYS} days, then 404`, async () => {
    const dj = await signUp(t.app, 'subpromoter', { display_name: 'dj.old' });
    await createEvent(dj, { title: 'Renamed Night', start_date: '2026-05-01', start_time: '21:00' });
    const renamed = await call(t.app, 'PATCH', '/api/auth/profile/', {
      token: dj.access,
      json: { display_name: 'dj.new' },
    });
    expect(renamed.status).toBe(200);
    for (const [path, target] of [
      ['/p/dj.old', '/p/dj.new'],
      ['/p/DJ.OLD.ics', '/p/dj.new.ics'],
    ] as const) {
      const res = await page(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location')).toBe(PUBLIC_URL + target);
    }
    expect(await (await page('/p/dj.new')).text()).toContain('Renamed Night');

    t.clock.advance((RENAMED_LINK_DAYS - 1) * 86_400_000);
    expect((await page('/p/dj.old')).status).toBe(301);
    t.clock.advance(2 * 86_400_000);
    expect((await page('/p/dj.old')).status).toBe(404);
    t.clock.advance(-(RENAMED_LINK_DAYS + 1) * 86_400_000);
  });

  it('keeps a name given up for its old owner until its links lapse, then lets anyone take it', async () => {
    const first = await signUp(t.app, 'subpromoter', { display_name: 'night.owl' });
    await call(t.app, 'PATCH', '/api/auth/profile/', { token: first.access, json: { display_name: 'day.owl' } });
    expect((await page('/p/night.owl')).status).toBe(301);
    // A newcomer with that display name gets no page at it while the old links still lead to day.owl.
    const newcomer = await signUp(t.app, 'business', { display_name: 'night.owl' });
    expect((await page('/p/night.owl')).headers.get('location')).toBe(`${PUBLIC_URL}/p/day.owl`);
    t.clock.advance((RENAMED_LINK_DAYS + 1) * 86_400_000);
    const renamed = await call(t.app, 'PATCH', '/api/auth/profile/', {
      token: (
        await call(t.app, 'POST', '/api/auth/login/', { json: { email: newcomer.email, password: newcomer.password } })
      ).body.access,
      json: { display_name: 'Night.Owl' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.public_name).toBe('Night.Owl');
    expect((await page('/p/Night.Owl')).status).toBe(200);
    t.clock.advance(-(RENAMED_LINK_DAYS + 1) * 86_400_000);
  });
});

describe('a promoter with 500 events', () => {
  it(`shows the next ${PAGE_LIMIT} on the page and ${FEED_LIMIT} in the feed`, async () => {
    const busy = await signUp(t.app, 'subpromoter', { display_name: 'busy.bee' });
    const me = await call(t.app, 'GET', '/api/auth/profile/', { token: busy.access });
    await t.db.query(
      `INSERT INTO events (user_id, title, location_name, start_date, start_time, end_time)
       SELECT $1, 'Night ' || n, 'Club ' || n, date '2026-02-01' + n, time '21:00', time '23:30'
         FROM generate_series(1, 500) AS n`,
      [me.body.id],
    );
    const html = await (await page('/p/busy.bee')).text();
    expect(html.match(/class="card"/g)).toHaveLength(PAGE_LIMIT);
    expect(html).toContain(`The next ${PAGE_LIMIT} of 500.`);
    expect(html.indexOf('>Night 1<')).toBeLessThan(html.indexOf('>Night 2<'));
    const feed = await (await page('/p/busy.bee.ics')).text();
    expect(veventsOf(feed)).toHaveLength(FEED_LIMIT);
  });
});
