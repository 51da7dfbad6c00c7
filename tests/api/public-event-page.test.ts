/**
 * The public event page with the event fields: description,
 * price ("Free" / "£12"), "Get tickets" (`rel="nofollow ugc noopener"`,
 * absent without a ticket link), category, keywords, a weekly series' "Every …"
 * with its next three dates; JSON-LD `Event` with offers, location, organizer,
 * eventStatus, eventAttendanceMode, description and image that the
 * structured-data validator and Google's Event rules pass with 0 errors; a
 * draft is a 404 until it is published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { eventRichResultIssues, validatePage } from './support/event-rich-result.ts';
import { jsonLdOf, publicPage } from './support/public-page.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
let t: TestApp;
let promoter: Account;

async function create(fields: Record<string, string>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', { token: promoter.access, form: form(fields) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const full = {
  title: 'Afrobeats Friday',
  bio: 'Two rooms, four DJs, dancing till late.',
  location_name: 'Shoreditch, London, England, GB',
  latitude: '51.5265',
  longitude: '-0.0786',
  start_date: '2026-03-06',
  start_time: '22:00',
  end_time: '03:00',
  event_type: 'music',
  event_subtype: 'Afrobeats',
  keywords: JSON.stringify(['afrobeats', 'amapiano']),
  ticket_url: 'https://tickets.example/afrobeats-friday',
  price: '12',
  currency: 'GBP',
};

/** The page's HTML, following the slug redirect. */
const pageOf = (id: number) => publicPage(t, id, PUBLIC_URL);

beforeAll(async () => {
  // The test clock says Thursday 15 January 2026, noon in London.
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'sam.nights' });
});
afterAll(() => t.close());

describe('the public event page with its fields', () => {
  it('shows description, price, Get tickets, category and keywords', async () => {
    const { status, html } = await pageOf(await create(full));
    expect(status).toBe(200);
    expect(html).toContain('Two rooms, four DJs, dancing till late.');
    expect(html).toMatch(/<dt>Price<\/dt><dd>£12<\/dd>/);
    expect(html).toContain(
      '<a class="listing__tickets-link" href="https://tickets.example/afrobeats-friday" rel="nofollow ugc noopener">Get tickets</a>',
    );
    expect(html).toContain('Music · Afrobeats');
    expect(html).toContain('#afrobeats');
    expect(html).toContain('#amapiano');
    expect(html).toContain('Fri, 6 Mar 2026, 22:00 – 03:00 GMT');
  });

  it('says Free for 0, £12.50 for a fraction, and has no Get tickets without a ticket link', async () => {
    const free = await pageOf(await create({ title: 'Free Jam', start_date: '2026-03-07', price: '0' }));
    expect(free.html).toMatch(/<dt>Price<\/dt><dd>Free<\/dd>/);
    expect(free.html).not.toContain('Get tickets');
    const fraction = await pageOf(await create({ title: 'Half Price', start_date: '2026-03-07', price: '12.5' }));
    expect(fraction.html).toMatch(/<dd>£12.50<\/dd>/);
    const euros = await pageOf(
      await create({ title: 'Euro Night', start_date: '2026-03-07', price: '20', currency: 'EUR' }),
    );
    expect(euros.html).toMatch(/<dd>€20<\/dd>/);
    const none = await pageOf(await create({ title: 'No Price', start_date: '2026-03-07' }));
    expect(none.html).not.toContain('<dt>Price</dt>');
    expect(jsonLdOf(none.html).offers).toBeUndefined();
  });

  it('shows a weekly series as "Every Fri & Sat · 21:00–23:30" with its next three dates', async () => {
    const { html } = await pageOf(
      await create({
        title: 'Weekend Club',
        location_name: 'Peckham',
        is_recurring: 'true',
        friday: 'true',
        saturday: 'true',
        recurring_start_time: '21:00',
        recurring_end_time: '23:30',
        price: '8',
        ticket_url: 'https://tickets.example/weekend',
      }),
    );
    expect(html).toContain('Every Fri &amp; Sat · 21:00–23:30');
    expect(html).toContain('Next: Fri, 16 Jan 2026 · Sat, 17 Jan 2026 · Fri, 23 Jan 2026');
    expect(html).not.toContain('Opening hours');
    const data = jsonLdOf(html);
    expect(data).toMatchObject({
      '@type': 'Event',
      startDate: '2026-01-16T21:00:00+00:00',
      endDate: '2026-01-16T23:30:00+00:00',
      eventSchedule: {
        '@type': 'Schedule',
        repeatFrequency: 'P1W',
        byDay: ['https://schema.org/Friday', 'https://schema.org/Saturday'],
        startTime: '21:00:00',
        endTime: '23:30:00',
        scheduleTimezone: 'Europe/London',
      },
    });
    const { issues } = await validatePage(html);
    expect(issues.filter((issue) => issue.severity === 'ERROR')).toEqual([]);
  });

  it('gives Google an Event with offers, location, organizer, status, attendance mode, description and image: 0 errors', async () => {
    const { html } = await pageOf(await create({ ...full, title: 'Afrobeats Saturday', start_date: '2026-03-07' }));
    const { jsonld, issues } = await validatePage(html);
    expect(issues.filter((issue) => issue.severity === 'ERROR')).toEqual([]);
    const event = jsonld.Event![0]!;
    expect(eventRichResultIssues(event)).toEqual({ errors: [], warnings: [] });
    expect(event).toMatchObject({
      name: 'Afrobeats Saturday',
      description: 'Two rooms, four DJs, dancing till late.',
      startDate: '2026-03-07T22:00:00+00:00',
      endDate: '2026-03-08T03:00:00+00:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        // The district is the locality, never the street address.
        address: { '@type': 'PostalAddress', addressLocality: 'Shoreditch', addressCountry: 'GB' },
        geo: { '@type': 'GeoCoordinates', latitude: 51.5265, longitude: -0.0786 },
      },
      organizer: { '@type': 'Person', name: 'sam.nights', url: `${PUBLIC_URL}/p/sam.nights` },
      offers: {
        '@type': 'Offer',
        url: 'https://tickets.example/afrobeats-friday',
        price: '12',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
      },
      image: [`${PUBLIC_URL}/icons/og-image.png`],
    });
  });

  it('answers 404 for a draft until it is published', async () => {
    const id = await create({ ...full, title: 'Draft Night', status: 'draft' });
    expect((await pageOf(id)).status).toBe(404);
    const published = await call(t.app, 'PUT', `/api/events/${id}/update/`, {
      token: promoter.access,
      form: form({ status: 'published' }),
    });
    expect(published.status).toBe(200);
    expect((await pageOf(id)).status).toBe(200);
  });
});
