/**
 * Listings beyond the spec (contract §10): the ticket link, price
 * and currency, description, category and keywords stored and returned by
 * every read; bad values refused with a 400 naming the field; drafts seen by
 * their owner alone (page 404, absent from the sitemap) until published; a
 * promoter's recurring event saved as a weekly series, while a business keeps
 * its one recurring record as its listing. Runs on PGlite and, in the
 * api-postgres project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SITEMAP_MAX_AGE_MS } from '../../server/routes/sitemap.ts';
import { EventListSchema, EventSchema, encodeEventFields } from '../../src/shared/contract/event.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { sitemapText } from './support/sitemap.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let promoter: Account;
beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: 'https://roamly.test' } });
  promoter = await signUp(t.app, 'subpromoter');
});
afterAll(() => t.close());

const create = (token: string, fields: Record<string, string>) =>
  call(t.app, 'POST', '/api/events/create/', { token, form: form(fields) });
const update = (token: string, id: number, fields: Record<string, string>) =>
  call(t.app, 'PUT', `/api/events/${id}/update/`, { token, form: form(fields) });
const read = (token: string, id: number) => call(t.app, 'GET', `/api/events/${id}/`, { token });
const listOf = async (token: string) =>
  v.parse(EventListSchema, (await call(t.app, 'GET', '/api/events/user/', { token })).body);
const publicPage = async (id: number) => {
  // The page answers 301 to its canonical slug first when it exists.
  const first = await t.app.request(`/e/${id}/x`);
  if (first.status !== 301) return first.status;
  return (await t.app.request(new URL(first.headers.get('location')!).pathname)).status;
};
/** The sitemap as built now: one build is served for five minutes. */
const freshSitemap = async () => {
  t.clock.advance(SITEMAP_MAX_AGE_MS);
  return sitemapText(t.app);
};

const clubNight = {
  title: 'Warehouse Sessions',
  location_name: 'Hackney Wick, London',
  start_date: '2026-12-05',
  start_time: '22:00',
};

describe('event fields', () => {
  it('stores description, category, keywords, ticket link, price and currency, and returns them on every read', async () => {
    const res = await create(promoter.access, {
      ...clubNight,
      ...encodeEventFields({
        bio: 'House all night. Doors 22:00.',
        event_type: 'music',
        event_subtype: 'House',
        keywords: ['House', 'techno'],
        ticket_url: 'https://tickets.example.com/warehouse?ref=roamly',
        price: '12.50',
        currency: 'eur',
      }),
    });
    expect(res.status).toBe(201);
    const expected = {
      bio: 'House all night. Doors 22:00.',
      event_type: 'music',
      event_subtype: 'House',
      keywords: ['house', 'techno'],
      ticket_url: 'https://tickets.example.com/warehouse?ref=roamly',
      price: '12.50',
      currency: 'EUR',
      status: 'published',
      is_recurring: false,
      is_listing: false,
    };
    expect(v.parse(EventSchema, res.body)).toMatchObject(expected);
    expect((await read(promoter.access, res.body.id)).body).toMatchObject(expected);
    expect((await listOf(promoter.access)).find((e) => e.id === res.body.id)).toMatchObject(expected);

    // Free is 0; empty clears the price and the link; currency defaults to GBP.
    const free = await update(promoter.access, res.body.id, { price: '0', currency: '' });
    expect(free.body).toMatchObject({ price: '0', currency: 'GBP', ticket_url: expected.ticket_url });
    // A link comes back as typed (no trailing slash added).
    const bare = await update(promoter.access, res.body.id, { ticket_url: ' HTTPS://tickets.example.com ' });
    expect(bare.body.ticket_url).toBe('https://tickets.example.com');
    const cleared = await update(promoter.access, res.body.id, { price: '', ticket_url: '' });
    expect(cleared.body).toMatchObject({ price: null, ticket_url: null, bio: expected.bio });
  });

  it('defaults a spec-only create to published, GBP, no price and no link', async () => {
    const res = await create(promoter.access, { title: 'Plain' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'published', currency: 'GBP', price: null, ticket_url: null });
  });

  it.each([
    ['ticket_url', 'javascript:alert(1)', /https:\/\//],
    ['ticket_url', 'http://tickets.example.com/', /https:\/\//],
    ['ticket_url', 'https://', /https:\/\//],
    ['ticket_url', 'https://user:pw@tickets.example.com/', /https:\/\//],
    ['ticket_url', `https://tickets.example.com/${'a'.repeat(480)}`, /500 characters/],
    ['price', '-5', /negative/],
    ['price', 'twelve', /number/],
    ['price', '12.505', /number/],
    ['price', '1e3', /number/],
    ['price', '5000000', /less than/],
    ['currency', 'XYZ', /ISO 4217/],
    ['currency', 'pounds', /ISO 4217/],
    ['status', 'secret', /published.*draft/],
  ])('refuses %s %j with a 400 naming the field', async (field, value, message) => {
    const res = await create(promoter.access, { ...clubNight, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(message);
    expect(res.body.errors[field]?.[0]).toMatch(message);
  });

  it('refuses a subcategory outside its category, on create and against the stored category on update', async () => {
    const res = await create(promoter.access, { ...clubNight, event_type: 'food', event_subtype: 'House' });
    expect(res.status).toBe(400);
    expect(res.body.errors.event_subtype[0]).toMatch(/not a Food subcategory/);

    const ok = await create(promoter.access, { ...clubNight, event_type: 'music', event_subtype: 'House' });
    const changed = await update(promoter.access, ok.body.id, { event_type: 'sports_club' });
    expect(changed.status).toBe(400);
    expect(changed.body.errors.event_subtype).toBeDefined();
    expect((await read(promoter.access, ok.body.id)).body.event_type).toBe('music');
  });

  it('checks an update that sends every compared field by those fields, as against the stored row', async () => {
    const whole = {
      ...clubNight,
      event_type: 'music',
      event_subtype: 'House',
      end_date: '2026-12-06',
      end_time: '04:00',
    };
    const made = await create(promoter.access, whole);
    const id = made.body.id as number;
    const backwards = await update(promoter.access, id, { ...whole, end_date: '2026-12-04' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.end_date[0]).toBe('The end date cannot be before the start date.');
    const sameDay = await update(promoter.access, id, { ...whole, end_date: '2026-12-05', end_time: '21:00' });
    expect(sameDay.status).toBe(400);
    expect(sameDay.body.errors.end_time[0]).toBe('The end time cannot be before the start time on the same day.');
    const wrongKind = await update(promoter.access, id, { ...whole, event_type: 'food' });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.errors.event_subtype[0]).toMatch(/not a Food subcategory/);
    // One compared field alone is checked against the stored others.
    const alone = await update(promoter.access, id, { end_date: '2026-12-01' });
    expect(alone.status).toBe(400);
    expect(alone.body.errors.end_date).toBeDefined();
    expect((await read(promoter.access, id)).body).toMatchObject({ version: 1, end_date: '2026-12-06' });

    const moved = await update(promoter.access, id, { ...whole, start_time: '23:00', title: 'Moved' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ version: 2, start_time: '23:00', title: 'Moved' });
    const stale = await call(t.app, 'PUT', `/api/events/${id}/update/`, {
      token: promoter.access,
      form: form({ ...whole, title: 'Stale' }),
      headers: { 'If-Match': '1' },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.current).toMatchObject({ version: 2, title: 'Moved' });
    const stranger = await signUp(t.app, 'subpromoter');
    expect((await update(stranger.access, id, whole)).status).toBe(404);
  });

  it('refuses keywords over the product §5 limits', async () => {
    const many = Array.from({ length: 16 }, (_, i) => `k${i}`);
    const tooMany = await create(promoter.access, { ...clubNight, keywords: JSON.stringify(many) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.keywords).toBeDefined();
    const tooLong = await create(promoter.access, { ...clubNight, keywords: JSON.stringify(['a'.repeat(16)]) });
    expect(tooLong.status).toBe(400);
  });
});

describe('drafts', () => {
  it('are the owner’s alone until published: page 404 and absent from the sitemap, then public', async () => {
    const draft = await create(promoter.access, { ...clubNight, title: 'Secret Rave', status: 'draft' });
    expect(draft.status).toBe(201);
    expect(draft.body.status).toBe('draft');
    const id = draft.body.id as number;
    expect((await read(promoter.access, id)).body.status).toBe('draft');
    expect((await listOf(promoter.access)).some((e) => e.id === id && e.status === 'draft')).toBe(true);
    expect(await publicPage(id)).toBe(404);
    expect(await sitemapText(t.app)).not.toContain(`/e/${id}/`);

    const published = await update(promoter.access, id, { status: 'published' });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    expect(await publicPage(id)).toBe(200);
    expect(await freshSitemap()).toContain(`/e/${id}/secret-rave`);

    // Back to draft takes it off again.
    await update(promoter.access, id, { status: 'draft' });
    expect(await publicPage(id)).toBe(404);
    expect(await freshSitemap()).not.toContain(`/e/${id}/`);
  });

  it('hides a draft business listing from the venue search and the pages of its events', async () => {
    const venue = await signUp(t.app, 'business');
    const listing = await create(venue.access, {
      title: 'Draft Diner',
      location_name: 'Leeds',
      latitude: '53.7965',
      longitude: '-1.5478',
      is_recurring: 'true',
      status: 'draft',
    });
    expect(listing.status).toBe(201);
    const search = (venueName: string) =>
      call(
        t.app,
        'GET',
        `/api/events/events/matching_businesses/?venue=${encodeURIComponent(venueName)}&lat=53.7965&lng=-1.5478`,
        { token: promoter.access },
      );
    expect(JSON.stringify((await search('Draft Diner')).body)).not.toContain('Draft Diner');
    await update(venue.access, listing.body.id, { status: 'published' });
    expect(JSON.stringify((await search('Draft Diner')).body)).toContain('Draft Diner');
  });
});

describe('weekly series', () => {
  const weekly = {
    is_recurring: 'true',
    friday: 'true',
    saturday: 'true',
    recurring_start_time: '21:00',
    recurring_end_time: '23:30',
  };

  it('saves a promoter’s recurring event as a weekly series (201, then 200), as many as they like', async () => {
    const created = await create(promoter.access, { title: 'Friday Club', location_name: 'Shoreditch' });
    expect(created.status).toBe(201);
    // The editor's follow-up PUT (product §7) that used to answer 403.
    const res = await update(promoter.access, created.body.id, weekly);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      is_recurring: true,
      is_listing: false,
      friday: true,
      saturday: true,
      monday: false,
      recurring_start_time: '21:00',
      recurring_end_time: '23:30',
    });
    const second = await create(promoter.access, { title: 'Sunday Roast Social', ...weekly, sunday: 'true' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ is_recurring: true, is_listing: false, sunday: true });
    expect(await publicPage(second.body.id)).toBe(200);
  });

  it('keeps one business listing per business account', async () => {
    const venue = await signUp(t.app, 'business');
    const first = await create(venue.access, { title: 'Corner Bar', ...weekly });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ is_recurring: true, is_listing: true });
    const second = await create(venue.access, { title: 'Second Bar', ...weekly });
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/already have a business listing/);
    const event = await create(venue.access, { title: 'Quiz night' });
    const turned = await update(venue.access, event.body.id, weekly);
    expect(turned.status).toBe(409);
    // Turning the listing off frees the place for another.
    const off = await update(venue.access, first.body.id, { is_recurring: 'false' });
    expect(off.body).toMatchObject({ is_recurring: false, is_listing: false });
    expect((await update(venue.access, event.body.id, weekly)).body).toMatchObject({ is_listing: true });
  });
});
