/**
 * Public listing pages (contract §7): `/e/{id}/{slug}` answers the
 * server-rendered page (200), fixes a wrong slug (301), and answers a real 404
 * for unknown and deleted ids; caching headers let a CDN hold a page and an
 * edit shows at once; the schema.org data passes Google's event shapes; the
 * sitemap and robots.txt list the pages from PUBLIC_URL, never from Host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form, pngFile, signUp, type Account } from './support/api-client.ts';
import { createHash } from 'node:crypto';
import { createApp } from '../../server/app.ts';
import { sitemapText } from './support/sitemap.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
let t: TestApp;
let promoter: Account;
let business: Account;
let eventId: number;
let listingId: number;

const page = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'nightowls' });
  business = await signUp(t.app, 'business', { display_name: 'bluedoor' });
  const event = await call(t.app, 'POST', '/api/events/create/', {
    token: promoter.access,
    form: form({
      title: 'Rooftop Jazz & Soul </script>',
      bio: 'Live quartet on the roof. Bring a jacket.',
      location_name: 'Skyline Bar, 1 High St, London',
      latitude: '51.5085',
      longitude: '-0.1257',
      start_date: '2026-07-04',
      start_time: '19:30',
      end_date: '2026-07-04',
      end_time: '23:00',
      event_type: 'music',
      event_subtype: 'Jazz',
      keywords: JSON.stringify(['jazz', 'rooftop']),
      cover_image: pngFile(),
    }),
  });
  expect(event.status).toBe(201);
  eventId = event.body.id;
  const listing = await call(t.app, 'POST', '/api/events/create/', {
    token: business.access,
    form: form({
      title: 'Blue Door Café',
      location_name: 'Leeds, England, GB',
      latitude: '53.7965',
      longitude: '-1.5478',
      is_recurring: 'true',
      event_type: 'food',
      schedule_blocks: JSON.stringify({ monday: [{ start: '08:00', end: '16:00' }] }),
    }),
  });
  expect(listing.status).toBe(201);
  listingId = listing.body.id;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, checked field by field
type Json = Record<string, any>;

function jsonLdOf(html: string): Json {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no JSON-LD');
  return JSON.parse(match[1]!);
}

/**
 * Google's event rich results (developers.google.com/search/docs/appearance/structured-data/event):
 * required name, startDate, location (Place with address); and those this
 * product promises too: startDate with a UTC offset, geo, image, eventStatus, organizer.
 */
function eventRichResultProblems(data: Json): string[] {
  const problems: string[] = [];
  if (data['@context'] !== 'https://schema.org') problems.push('@context');
  if (data['@type'] !== 'Event') problems.push('@type');
  if (typeof data.name !== 'string' || !data.name) problems.push('name');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?[+-]\d{2}:\d{2}$/.test(data.startDate ?? '')) problems.push('startDate');
  if (data.endDate !== undefined && !/^\d{4}-\d{2}-\d{2}(T.*[+-]\d{2}:\d{2})?$/.test(data.endDate))
    problems.push('endDate');
  const location = data.location ?? {};
  if (location['@type'] !== 'Place' || !location.name) problems.push('location');
  // A street address only where one was given; the locality at least.
  if (
    location.address?.['@type'] !== 'PostalAddress' ||
    !(location.address.streetAddress || location.address.addressLocality)
  )
    problems.push('location.address');
  if (location.geo?.['@type'] !== 'GeoCoordinates' || typeof location.geo.latitude !== 'number')
    problems.push('location.geo');
  const images = Array.isArray(data.image) ? data.image : [data.image];
  if (!images.length || !images.every((url: unknown) => typeof url === 'string' && /^https?:\/\//.test(url))) {
    problems.push('image');
  }
  const statuses = ['EventScheduled', 'EventCancelled', 'EventMovedOnline', 'EventPostponed', 'EventRescheduled'];
  if (!statuses.map((s) => `https://schema.org/${s}`).includes(data.eventStatus)) problems.push('eventStatus');
  if (!['Organization', 'Person'].includes(data.organizer?.['@type']) || !data.organizer?.name)
    problems.push('organizer');
  return problems;
}

describe('public listing pages', () => {
  it("writes the dates in the reader's language (Accept-Language) and says the page varies by it", async () => {
    const res = await page(`/e/${eventId}/rooftop-jazz-soul-script`, { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
    expect(await res.text()).toContain('Sat, Jul 4, 2026, 7:30 PM – 11:00 PM GMT+1');
  });

  it('renders an event page on the server with its facts, the app link and metadata from PUBLIC_URL', async () => {
    const res = await page(`/e/${eventId}/rooftop-jazz-soul-script`, { Host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<h1 class="listing__title p-name">Rooftop Jazz &amp; Soul &lt;/script&gt;</h1>');
    expect(html).toContain('Sat, 4 Jul 2026, 19:30 – 23:00 BST');
    expect(html).toContain('Skyline Bar, 1 High St, London');
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=51.5085%2C-0.1257"');
    expect(html).toMatch(
      /<img src="https:\/\/listings\.roamly\.test\/api\/media\/[^"]+" srcSet="[^"]+\?w=480 480w, [^"]+" sizes="[^"]+" alt="" width="1600" height="900"/,
    );
    expect(html).toContain('Music · Jazz');
    expect(html).toContain('#rooftop');
    expect(html).toMatch(/<a class="button" href="\/roamly">Get the app<\/a>/);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/e/${eventId}/rooftop-jazz-soul-script">`);
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/e/${eventId}/rooftop-jazz-soul-script">`);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/listings\.roamly\.test\/api\/media\/[^"]+">/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('evil.example');
    // The JSON-LD cannot end its own element: the title's "</script>" is escaped.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    // One <main>, one <header> (contract §9).
    expect(html.match(/<main/g)).toHaveLength(1);
    expect(html.match(/<header/g)).toHaveLength(1);
  });

  it('keeps the strict CSP: the JSON-LD is data and no inline script runs', async () => {
    const res = await page(`/e/${eventId}/rooftop-jazz-soul-script`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).not.toContain("unsafe-inline' ;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([' type="application/ld+json"']);
  });

  it('starts the built page script after the first paint, through the one inline script the CSP allows', async () => {
    const app = createApp({ db: t.db, config: t.config, listingPageScripts: ['/assets/listing-abc123.js'] });
    const res = await app.request(`/e/${eventId}/rooftop-jazz-soul-script`);
    const html = await res.text();
    const inline = [
      ...html.matchAll(/<script data-boot="paint" data-modules="\/assets\/listing-abc123\.js">([\s\S]*?)<\/script>/g),
    ];
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]![1]!).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    expect(html).not.toMatch(/<script type="module"/);
  });

  it('gives Google every property of an event rich result', async () => {
    const data = jsonLdOf(await (await page(`/e/${eventId}/rooftop-jazz-soul-script`)).text());
    expect(eventRichResultProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      name: 'Rooftop Jazz & Soul </script>',
      startDate: '2026-07-04T19:30:00+01:00',
      endDate: '2026-07-04T23:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { geo: { latitude: 51.5085, longitude: -0.1257 } },
      organizer: { '@type': 'Person', name: 'nightowls' },
      url: `${PUBLIC_URL}/e/${eventId}/rooftop-jazz-soul-script`,
    });
    expect(data.image[0]).toMatch(/^https:\/\/listings\.roamly\.test\/api\/media\//);
  });

  it('the rich-result check fails an event without a zone offset or organizer', () => {
    const broken = { '@context': 'https://schema.org', '@type': 'Event', name: 'x', startDate: '2026-07-04T19:30' };
    expect(eventRichResultProblems(broken)).toEqual(
      expect.arrayContaining(['startDate', 'location', 'image', 'eventStatus', 'organizer']),
    );
  });

  it('describes a business listing as a LocalBusiness with its weekly hours', async () => {
    const res = await page(`/e/${listingId}/blue-door-cafe`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Opening hours');
    expect(html).toContain('Mon 08:00–16:00');
    expect(html).toContain('>Business<');
    const data = jsonLdOf(html);
    expect(data).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Blue Door Café',
      address: { '@type': 'PostalAddress', addressLocality: 'Leeds', addressCountry: 'GB' },
      geo: { '@type': 'GeoCoordinates', latitude: 53.7965 },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Monday',
          opens: '08:00',
          closes: '16:00',
        },
      ],
    });
    // Without a cover, the share image is the site's own, still absolute.
    expect(data.image).toEqual([`${PUBLIC_URL}/icons/og-image.png`]);
  });

  it('redirects a wrong or missing slug to the canonical address with 301', async () => {
    for (const path of [
      `/e/${eventId}/old-title`,
      `/e/${eventId}`,
      `/e/${eventId}/`,
      `/e/${eventId}/rooftop-jazz-soul-script/`,
    ]) {
      const res = await page(path, { Host: 'evil.example' });
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location')).toBe(`${PUBLIC_URL}/e/${eventId}/rooftop-jazz-soul-script`);
    }
  });

  it('answers a real 404 page for unknown ids and malformed paths', async () => {
    for (const path of ['/e/999999/anything', '/e/abc/x', '/e/1/2/3', `/e/${'9'.repeat(40)}/x`]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('We could not find that listing');
    }
  });

  it('answers 404 once an event is deleted', async () => {
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: promoter.access,
      form: form({ title: 'Gone Tomorrow', start_date: '2026-08-01' }),
    });
    const path = `/e/${created.body.id}/gone-tomorrow`;
    expect((await page(path)).status).toBe(200);
    expect(
      (await call(t.app, 'DELETE', `/api/events/${created.body.id}/delete/`, { token: promoter.access })).status,
    ).toBe(204);
    const res = await page(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
  });

  it('lets a CDN hold a page, answers 304 to a current copy and changes the moment the event is edited', async () => {
    const path = `/e/${eventId}/rooftop-jazz-soul-script`;
    const first = await page(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5, must-revalidate');
    expect(new Date(first.headers.get('last-modified')!).getTime()).not.toBeNaN();

    const head = await t.app.request(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');

    const again = await page(path, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const since = await page(path, { 'If-Modified-Since': first.headers.get('last-modified')! });
    expect(since.status).toBe(304);

    t.clock.advance(60_000);
    const edited = await call(t.app, 'PUT', `/api/events/${eventId}/update/`, {
      token: promoter.access,
      form: form({ bio: 'Now with a brass section.' }),
    });
    expect(edited.status).toBe(200);
    const after = await page(path, { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(await after.text()).toContain('Now with a brass section.');
  });

  it('lists every listing and public page in the sitemap, and robots.txt points to it', async () => {
    const res = await page('/sitemap.xml', { Host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('xml');
    expect(await res.text()).not.toContain('evil.example');
    const xml = await sitemapText(t.app);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/e/${eventId}/rooftop-jazz-soul-script</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/e/${listingId}/blue-door-cafe</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/child-safety</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/roamly</loc>`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/lastmod>/);
    expect(xml).not.toContain('evil.example');

    const robots = await (await page('/robots.txt')).text();
    expect(robots).toContain('Allow: /e/');
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
