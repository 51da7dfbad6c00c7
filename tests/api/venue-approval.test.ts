/**
 * Venue approval (contract §10), with two accounts — a promoter and
 * the owner of a business listing — and a stranger: the promoter names the
 * venue (found through matching_businesses), the event waits ('pending')
 * until the venue's owner answers, and only that owner may answer (others
 * 404). Approved events show "at {venue}" and under the venue's What's on;
 * pending and declined never do. A change of venue asks again; the venue
 * deleting its listing leaves no orphan, and its new name reaches the
 * promoter's list at once. Answers replayed with their
 * Idempotency-Key are applied (and mailed) once; one promoter cannot flood a
 * venue. Runs on PGlite and, in the api-postgres project, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { EventListSchema, EventSchema } from '../../src/shared/contract/event.ts';
import { listingPath } from '../../src/shared/contract/listing-url.ts';
import { VenueRequestSchema, VenueRequestsResponseSchema } from '../../src/shared/contract/venue-approval.ts';
import { MAX_PENDING_PER_VENUE, VENUE_MAIL_INTERVAL_MS } from '../../server/services/venue-approval.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let promoter: Account;
let owner: Account;
let stranger: Account;
let venueId: number;

const create = (token: string, fields: Record<string, string>) =>
  call(t.app, 'POST', '/api/events/create/', { token, form: form(fields) });
const update = (token: string, id: number, fields: Record<string, string>) =>
  call(t.app, 'PUT', `/api/events/${id}/update/`, { token, form: form(fields) });
const answer = (token: string, id: number, verdict: 'approve' | 'decline', key?: string) =>
  call(t.app, 'POST', `/api/events/${id}/venue/${verdict}/`, {
    token,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
const requestsOf = async (token: string) =>
  v.parse(VenueRequestsResponseSchema, (await call(t.app, 'GET', '/api/events/venue/requests/', { token })).body)
    .requests;
const read = async (token: string, id: number) =>
  v.parse(EventSchema, (await call(t.app, 'GET', `/api/events/${id}/`, { token })).body);
const page = async (id: number, title: string) => (await t.app.request(listingPath(id, title))).text();
const mailTo = async (email: string) =>
  (
    await t.db.query<{ subject: string; body: string; state: string; due: boolean }>(
      `SELECT subject, body, state, next_attempt_at <= $2 AS due FROM mail_queue
        WHERE lower(recipient) = lower($1) AND subject NOT LIKE '%code%' ORDER BY id`,
      [email, new Date(t.clock.now())],
    )
  ).rows;

const gig = (title: string, extra: Record<string, string> = {}) => ({
  title,
  location_name: 'Blue Door Bar, 1 High St, London',
  latitude: '51.5072',
  longitude: '-0.1276',
  start_date: '2026-02-10',
  start_time: '20:00',
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: 'https://roamly.test' } });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'nightowl' });
  owner = await signUp(t.app, 'business', { display_name: 'bluedoor' });
  stranger = await signUp(t.app, 'business', { display_name: 'stranger' });
  const listing = await create(owner.access, {
    title: 'Blue Door Bar',
    location_name: '1 High St, London',
    latitude: '51.5073',
    longitude: '-0.1277',
    is_recurring: 'true',
    friday: 'true',
    recurring_start_time: '18:00',
    recurring_end_time: '23:00',
  });
  expect(listing.status).toBe(201);
  venueId = listing.body.id;
});
afterAll(() => t.close());

describe('venue approval', () => {
  it('finds the venue near the place, makes the event pending for it, and shows that on every read', async () => {
    const found = await call(
      t.app,
      'GET',
      '/api/events/events/matching_businesses/?venue=Blue%20Door&lat=51.5072&lng=-0.1276',
      { token: promoter.access },
    );
    expect(found.body.candidates.map((c: { id: number }) => c.id)).toEqual([venueId]);

    const res = await create(promoter.access, { ...gig('Jazz Night'), venue_id: String(venueId) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ venue_id: venueId, venue_status: 'pending', venue_title: 'Blue Door Bar' });
    expect(await read(promoter.access, res.body.id)).toMatchObject({ venue_status: 'pending' });
    const list = v.parse(
      EventListSchema,
      (await call(t.app, 'GET', '/api/events/user/', { token: promoter.access })).body,
    );
    expect(list.find((e) => e.id === res.body.id)).toMatchObject({ venue_id: venueId, venue_status: 'pending' });
    // An event without a venue says so.
    const plain = await create(promoter.access, gig('No venue'));
    expect(plain.body).toMatchObject({ venue_id: null, venue_status: null, venue_title: null });
  });

  it('lists the request for the venue owner alone; only the owner may answer, others get 404', async () => {
    const id = (await create(promoter.access, { ...gig('Soul Sunday'), venue_id: String(venueId) })).body.id;
    const mine = await requestsOf(owner.access);
    expect(mine.find((r) => r.id === id)).toMatchObject({
      title: 'Soul Sunday',
      start_date: '2026-02-10',
      promoter: 'nightowl',
      venue_status: 'pending',
      venue_title: 'Blue Door Bar',
    });
    expect(await requestsOf(stranger.access)).toEqual([]);
    expect(await requestsOf(promoter.access)).toEqual([]);

    for (const who of [stranger, promoter]) {
      const refused = await answer(who.access, id, 'approve');
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toEqual(expect.any(String));
    }
    expect((await call(t.app, 'POST', `/api/events/${id}/venue/approve/`)).status).toBe(401);
    expect((await answer(owner.access, 999_999, 'approve')).status).toBe(404);
    expect((await read(promoter.access, id)).venue_status).toBe('pending');
  });

  it("shows an approved event at the venue and under What's on; pending and declined never", async () => {
    const pending = (await create(promoter.access, { ...gig('Pending Gig'), venue_id: String(venueId) })).body;
    const approved = (await create(promoter.access, { ...gig('Approved Gig'), venue_id: String(venueId) })).body;
    const declined = (await create(promoter.access, { ...gig('Declined Gig'), venue_id: String(venueId) })).body;
    const ok = await answer(owner.access, approved.id, 'approve');
    expect(ok.status).toBe(200);
    expect(v.parse(VenueRequestSchema, ok.body)).toMatchObject({ id: approved.id, venue_status: 'approved' });
    expect((await answer(owner.access, declined.id, 'decline')).body.venue_status).toBe('declined');
    expect((await read(promoter.access, approved.id)).venue_status).toBe('approved');
    expect((await read(promoter.access, declined.id)).venue_status).toBe('declined');

    const venuePath = listingPath(venueId, 'Blue Door Bar');
    const approvedPage = await page(approved.id, approved.title);
    expect(approvedPage).toContain(`at <a href="${venuePath}">Blue Door Bar</a>`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(approvedPage)![1]!);
    expect(jsonLd.location).toMatchObject({ name: 'Blue Door Bar', url: `https://roamly.test${venuePath}` });
    for (const other of [pending, declined]) expect(await page(other.id, other.title)).not.toContain(venuePath);

    const venuePage = await page(venueId, 'Blue Door Bar');
    expect(venuePage).toMatch(/<h2 id="whats-on">What(&#x27;|')s on<\/h2>/);
    expect(venuePage).toContain(listingPath(approved.id, approved.title));
    expect(venuePage).not.toContain(listingPath(pending.id, pending.title));
    expect(venuePage).not.toContain(listingPath(declined.id, declined.title));

    // The venue owner's /p/ page lists it too.
    const ownerPage = await (await t.app.request('/p/bluedoor')).text();
    expect(ownerPage).toContain(`<h2 id="whats-on">What's on</h2>`);
    expect(ownerPage).toContain(listingPath(approved.id, approved.title));
    expect(ownerPage).not.toContain(listingPath(pending.id, pending.title));
    expect(ownerPage).not.toContain(listingPath(declined.id, declined.title));

    // A venue may change its mind: declined, the event leaves What's on.
    await answer(owner.access, approved.id, 'decline');
    expect(await page(venueId, 'Blue Door Bar')).not.toContain(listingPath(approved.id, approved.title));
    expect(await page(approved.id, approved.title)).not.toContain(venuePath);
  });

  it('asks again when the promoter names another venue, and forgets the venue when Venue is cleared', async () => {
    const other = (
      await create(stranger.access, {
        title: 'Green Room',
        location_name: '2 High St, London',
        latitude: '51.5074',
        longitude: '-0.1278',
        is_recurring: 'true',
        saturday: 'true',
      })
    ).body.id as number;
    const id = (await create(promoter.access, { ...gig('Moving Gig'), venue_id: String(venueId) })).body.id;
    await answer(owner.access, id, 'approve');
    // Saving again with the same venue keeps the answer.
    expect((await update(promoter.access, id, { title: 'Moving Gig!', venue_id: String(venueId) })).body).toMatchObject(
      { venue_status: 'approved' },
    );
    const moved = await update(promoter.access, id, { venue_id: String(other) });
    expect(moved.body).toMatchObject({ venue_id: other, venue_status: 'pending', venue_title: 'Green Room' });
    // The first venue no longer has it and cannot answer it.
    expect((await requestsOf(owner.access)).some((r) => r.id === id)).toBe(false);
    expect((await answer(owner.access, id, 'approve')).status).toBe(404);
    expect((await requestsOf(stranger.access)).map((r) => r.id)).toContain(id);

    const cleared = await update(promoter.access, id, { venue_id: '' });
    expect(cleared.body).toMatchObject({ venue_id: null, venue_status: null, venue_title: null });
    expect((await requestsOf(stranger.access)).some((r) => r.id === id)).toBe(false);
  });

  it("shows a venue's new name in the promoter's list at once, also to a client holding the old list", async () => {
    const host = await signUp(t.app, 'business');
    const hall = (await create(host.access, { title: 'Old Hall', is_recurring: 'true' })).body.id as number;
    const gigId = (await create(promoter.access, { ...gig('Hall Gig'), venue_id: String(hall) })).body.id as number;
    const list = (headers: Record<string, string> = {}) =>
      call(t.app, 'GET', '/api/events/user/', { token: promoter.access, headers });
    const venueOfGig = (body: unknown) =>
      v.parse(EventListSchema, body).find((event) => event.id === gigId)?.venue_title;
    const before = await list();
    expect(venueOfGig(before.body)).toBe('Old Hall');

    expect((await update(host.access, hall, { title: 'New Hall' })).status).toBe(200);
    const after = await list({ 'If-None-Match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(venueOfGig(after.body)).toBe('New Hall');
  });

  it("refuses a venue that is not another account's published business listing", async () => {
    const plainEvent = (await create(stranger.access, gig('Just an event'))).body.id;
    const draftOwner = await signUp(t.app, 'business');
    const draftVenue = (
      await create(draftOwner.access, { title: 'Hidden Cellar', is_recurring: 'true', status: 'draft' })
    ).body.id;
    for (const [value, why] of [
      [String(plainEvent), 'an event, not a listing'],
      [String(draftVenue), 'a draft listing'],
      ['999999', 'no such listing'],
      ['abc', 'not an id'],
      ['-3', 'not an id'],
    ] as const) {
      const res = await create(promoter.access, { ...gig('Bad venue'), venue_id: value });
      expect(res.status, why).toBe(400);
      expect(res.body.errors?.venue_id?.[0], why).toEqual(expect.any(String));
    }
    // The venue's owner naming their own listing, and a listing naming a venue.
    const own = await create(owner.access, { ...gig('Own night'), venue_id: String(venueId) });
    expect(own.status).toBe(400);
    expect(own.body.detail).toMatch(/your own business listing/);
    const newcomer = await signUp(t.app, 'business');
    const firstEvent = (await create(newcomer.access, gig('Becomes a listing'))).body.id as number;
    // An event with a venue that becomes the business listing stops asking it.
    const asking = (await create(newcomer.access, { ...gig('Asks first'), venue_id: String(venueId) })).body.id;
    const becomes = await update(newcomer.access, asking, { is_recurring: 'true' });
    expect(becomes.body).toMatchObject({ is_listing: true, venue_id: null, venue_status: null });
    await call(t.app, 'DELETE', `/api/events/${asking}/delete/`, { token: newcomer.access });
    const listingWithVenue = await update(newcomer.access, firstEvent, {
      is_recurring: 'true',
      venue_id: String(venueId),
    });
    expect(listingWithVenue.status).toBe(400);
  });

  it('leaves no orphan when the venue deletes its listing: the event keeps going without a venue', async () => {
    const host = await signUp(t.app, 'business');
    const shortLived = (
      await create(host.access, { title: 'Pop-up Hall', is_recurring: 'true', location_name: 'Somewhere' })
    ).body.id as number;
    const id = (await create(promoter.access, { ...gig('Orphan Gig'), venue_id: String(shortLived) })).body.id;
    await answer(host.access, id, 'approve');
    const before = (await call(t.app, 'GET', '/api/events/user/', { token: promoter.access })).headers.get('etag');
    expect((await call(t.app, 'DELETE', `/api/events/${shortLived}/delete/`, { token: host.access })).status).toBe(204);
    expect(await read(promoter.access, id)).toMatchObject({ venue_id: null, venue_status: null, venue_title: null });
    // The promoter's list moved on too (its ETag is the list revision).
    const after = await call(t.app, 'GET', '/api/events/user/', {
      token: promoter.access,
      headers: { 'If-None-Match': before! },
    });
    expect(after.status).toBe(200);
    expect((await page(id, 'Orphan Gig')).includes('Pop-up Hall')).toBe(false);
  });

  it('applies a replayed answer once (Idempotency-Key) and mails the promoter once per answer', async () => {
    const id = (await create(promoter.access, { ...gig('Replay Gig'), venue_id: String(venueId) })).body.id;
    const key = 'venue-answer-replay-0001';
    const first = await answer(owner.access, id, 'approve', key);
    const replay = await answer(owner.access, id, 'approve', key);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    // Approving again without a key changes nothing and mails nobody.
    expect((await answer(owner.access, id, 'approve')).body.venue_status).toBe('approved');
    const mails = (await mailTo(promoter.email)).filter((m) => m.subject.includes('"Replay Gig"'));
    expect(mails.map((m) => m.subject)).toEqual(['Blue Door Bar approved "Replay Gig"']);
    // Once that mail is out, a new answer is mailed too (within the hourly bound of each event).
    await expect
      .poll(async () => (await mailTo(promoter.email)).find((m) => m.subject.includes('"Replay Gig"'))?.state, {
        timeout: 15_000,
      })
      .toBe('sent');
    await answer(owner.access, id, 'decline');
    const after = (await mailTo(promoter.email)).filter((m) => m.subject.includes('"Replay Gig"'));
    expect(after.map((m) => m.subject)).toEqual([
      'Blue Door Bar approved "Replay Gig"',
      'Blue Door Bar declined "Replay Gig"',
    ]);
  });

  it('bounds the requests one promoter keeps waiting at one venue', async () => {
    const host = await signUp(t.app, 'business');
    const hall = (await create(host.access, { title: 'Busy Hall', is_recurring: 'true' })).body.id as number;
    const flooder = await signUp(t.app, 'subpromoter');
    for (let i = 0; i < MAX_PENDING_PER_VENUE; i++) {
      expect((await create(flooder.access, { ...gig(`Flood ${i}`), venue_id: String(hall) })).status).toBe(201);
    }
    const over = await create(flooder.access, { ...gig('One too many'), venue_id: String(hall) });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/already waiting/);
    // Another venue, or another promoter, is not affected.
    expect((await create(promoter.access, { ...gig('Fine'), venue_id: String(hall) })).status).toBe(201);
    expect((await requestsOf(host.access)).length).toBe(MAX_PENDING_PER_VENUE + 1);
  });
  it('mails the venue owner about new requests in batches: at most one mail per venue per interval', async () => {
    const host = await signUp(t.app, 'business');
    const hall = (await create(host.access, { title: 'Batch Hall', is_recurring: 'true', location_name: 'Somewhere' }))
      .body.id as number;
    await create(promoter.access, { ...gig('First Request'), venue_id: String(hall) });
    await expect
      .poll(async () => (await mailTo(host.email)).map((m) => m.state), { timeout: 15_000 })
      .toEqual(['sent']);
    expect((await mailTo(host.email))[0]!.body).toContain('- First Request (2026-02-10 20:00), by nightowl');

    // Two more within the interval: one mail, due when the interval has passed, lists both.
    await create(promoter.access, { ...gig('Second Request'), venue_id: String(hall) });
    await create(promoter.access, { ...gig('Third Request'), venue_id: String(hall), status: 'draft' });
    const draft = (await call(t.app, 'GET', '/api/events/user/', { token: promoter.access })).body.find(
      (e: { title: string }) => e.title === 'Third Request',
    );
    // A draft tells nobody until it is published.
    expect((await mailTo(host.email)).length).toBe(2);
    expect((await mailTo(host.email))[1]!.body).not.toContain('Third Request');
    await update(promoter.access, draft.id, { status: 'published' });
    const waiting = await mailTo(host.email);
    expect(waiting.length).toBe(2);
    expect(waiting[1]).toMatchObject({ state: 'pending', due: false });
    expect(waiting[1]!.body).toContain('- Second Request');
    expect(waiting[1]!.body).toContain('- Third Request');

    t.clock.advance(VENUE_MAIL_INTERVAL_MS);
    await expect
      .poll(async () => (await mailTo(host.email)).map((m) => m.state), { timeout: 15_000 })
      .toEqual(['sent', 'sent']);
  });
});
