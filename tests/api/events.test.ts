import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventListSchema, EventSchema, encodeEventFields } from '../../src/shared/contract/event.ts';
import * as v from 'valibot';
import { call, form, pngFile, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let business: Account;
let promoter: Account;
beforeAll(async () => {
  t = await startTestApp();
  business = await signUp(t.app, 'business');
  promoter = await signUp(t.app, 'subpromoter');
});
afterAll(() => t.close());

const create = (token: string, fields: Record<string, string | Blob>) =>
  call(t.app, 'POST', '/api/events/create/', { token, form: form(fields) });
const update = (
  token: string,
  id: number,
  fields: Record<string, string | Blob>,
  headers: Record<string, string> = {},
) => call(t.app, 'PUT', `/api/events/${id}/update/`, { token, form: form(fields), headers });
const list = (token: string, headers: Record<string, string> = {}) =>
  call(t.app, 'GET', '/api/events/user/', { token, headers });

describe('events', () => {
  it('creates an event from multipart fields, as the spec client sends them, and lists it', async () => {
    const res = await create(promoter.access, {
      title: 'Rooftop Jazz',
      location_name: 'London, England, GB',
      latitude: '51.5085',
      longitude: '-0.1257',
      start_date: '2026-03-01',
      start_time: '19:00',
      end_date: '2026-03-01',
      end_time: '23:30',
      is_recurring: 'false',
      is_sponsored: 'true',
      event_type: 'music',
      event_subtype: 'Jazz',
    });
    expect(res.status).toBe(201);
    const event = v.parse(EventSchema, res.body);
    expect(event).toMatchObject({
      title: 'Rooftop Jazz',
      latitude: 51.5085,
      longitude: -0.1257,
      start_time: '19:00',
      is_sponsored: true,
      is_recurring: false,
      version: 1,
      keywords: [],
      schedule_blocks: {},
      cover_image: null,
    });
    const listed = await list(promoter.access);
    expect(listed.status).toBe(200);
    expect(v.parse(EventListSchema, listed.body).map((e) => e.id)).toContain(event.id);
  });

  it('creates the business listing with keywords and schedule blocks as JSON text, then the recurring follow-up PUT', async () => {
    const res = await create(business.access, {
      ...encodeEventFields({
        title: 'Corner Café',
        bio: 'Coffee all day',
        location_name: 'Camden, London',
        is_recurring: true,
        is_sponsored: false,
        event_type: 'food',
        event_subtype: 'Cafe',
        keywords: ['Coffee', 'BRUNCH'],
        schedule_blocks: { monday: [{ start: '08:00', end: '17:00' }], sunday: [] },
      }),
      cover_image: pngFile(),
    });
    expect(res.status).toBe(201);
    expect(res.body.keywords).toEqual(['coffee', 'brunch']);
    expect(res.body.schedule_blocks).toEqual({ monday: [{ start: '08:00', end: '17:00' }], sunday: [] });
    // Built from PUBLIC_URL (CONTRACTS §2), not from the request's Host, and it serves the image.
    expect(res.body.cover_image).toMatch(/^http:\/\/127\.0\.0\.1:8080\/api\/media\/[\w-]{22}\.png$/);
    expect((await t.app.request(new URL(res.body.cover_image as string).pathname)).status).toBe(200);

    const followUp = await update(business.access, res.body.id, {
      is_recurring: 'true',
      monday: 'true',
      tuesday: 'true',
      wednesday: 'false',
      thursday: 'false',
      friday: 'true',
      saturday: 'false',
      sunday: 'false',
      recurring_start_time: '08:00',
      recurring_end_time: '17:00',
    });
    expect(followUp.status).toBe(200);
    expect(followUp.body).toMatchObject({ monday: true, tuesday: true, friday: true, sunday: false, version: 2 });
    expect(followUp.body.recurring_end_time).toBe('17:00');
    expect(followUp.body.title).toBe('Corner Café');

    const second = await create(business.access, { title: 'Another shop', is_recurring: 'true' });
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/already have a business listing/);
  });

  it('updates with If-Match: the current version applies, a stale one gets 412 with the current record', async () => {
    const created = (await create(promoter.access, { title: 'Draft' })).body;
    const first = await update(promoter.access, created.id, { title: 'From phone' }, { 'If-Match': '1' });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);

    const stale = await update(promoter.access, created.id, { title: 'From laptop' }, { 'If-Match': '1' });
    expect(stale.status).toBe(412);
    expect(stale.body.detail).toEqual(expect.any(String));
    expect(stale.body.current).toMatchObject({ id: created.id, title: 'From phone', version: 2 });
    expect(stale.body.version).toBe(2);

    const blind = await update(promoter.access, created.id, { title: 'No If-Match' });
    expect(blind.status).toBe(200);
    expect(blind.body.version).toBe(3);
  });

  it('moves the list ETag only when an update applied, and checks a new date against the stored one', async () => {
    const created = (
      await create(promoter.access, { title: 'Dated', start_date: '2030-05-10', end_date: '2030-05-10' })
    ).body;
    const listTag = async () =>
      (await call(t.app, 'GET', '/api/events/user/', { token: promoter.access })).headers.get('etag');
    const before = await listTag();
    const stale = await update(promoter.access, created.id, { title: 'Stale' }, { 'If-Match': '7' });
    expect(stale.status).toBe(412);
    const foreign = await update(business.access, created.id, { title: 'Not mine' });
    expect(foreign.status).toBe(404);
    expect(await listTag()).toBe(before);

    const backwards = await update(promoter.access, created.id, { end_date: '2030-05-01' });
    expect(backwards.status).toBe(400);
    const applied = await update(promoter.access, created.id, { title: 'Renamed' }, { 'If-Match': '1' });
    expect(applied.status).toBe(200);
    expect(await listTag()).not.toBe(before);
  });

  it('deletes with 204, and 404 the second time', async () => {
    const created = (await create(promoter.access, { title: 'Short-lived' })).body;
    const first = await call(t.app, 'DELETE', `/api/events/${created.id}/delete/`, { token: promoter.access });
    expect(first.status).toBe(204);
    const second = await call(t.app, 'DELETE', `/api/events/${created.id}/delete/`, { token: promoter.access });
    expect(second.status).toBe(404);
    expect(second.body.detail).toEqual(expect.any(String));
  });

  it("treats another user's event as not found for read, update and delete", async () => {
    const mine = (await create(promoter.access, { title: 'Private' })).body;
    const other = business.access;
    expect((await call(t.app, 'GET', `/api/events/${mine.id}/`, { token: other })).status).toBe(404);
    expect((await update(other, mine.id, { title: 'Hijacked' })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/events/${mine.id}/delete/`, { token: other })).status).toBe(404);
    expect((await list(other)).body.some((e: { id: number }) => e.id === mine.id)).toBe(false);
    const still = await call(t.app, 'GET', `/api/events/${mine.id}/`, { token: promoter.access });
    expect(still.body.title).toBe('Private');
  });

  it('answers an unchanged list with 304 for its ETag, and a changed one with 200', async () => {
    const first = await list(promoter.access);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const same = await list(promoter.access, { 'If-None-Match': etag });
    expect(same.status).toBe(304);
    await create(promoter.access, { title: 'Changes the list' });
    const changed = await list(promoter.access, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('validates categories, subcategories, keywords, days, times and coordinates', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ title: 'x', event_type: 'karaoke' }, 'event_type'],
      [{ title: 'x', event_type: 'music', event_subtype: 'Sushi' }, 'event_subtype'],
      [{ title: 'x', event_subtype: 'Jazz' }, 'event_subtype'],
      [{ title: 'x', keywords: JSON.stringify(Array.from({ length: 16 }, (_, i) => `k${i}`)) }, 'keywords'],
      [{ title: 'x', keywords: JSON.stringify(['sixteen-letters!']) }, 'keywords'],
      [{ title: 'x', schedule_blocks: '{"funday":[]}' }, 'schedule_blocks'],
      [{ title: 'x', schedule_blocks: '{"monday":[{"start":"25:00","end":"10:00"}]}' }, 'schedule_blocks'],
      [{ title: 'x', start_time: '7pm' }, 'start_time'],
      [{ title: 'x', start_date: '2026-02-30' }, 'start_date'],
      [{ title: 'x', start_date: '2026-03-02', end_date: '2026-03-01' }, 'end_date'],
      [{ title: 'x', latitude: '91' }, 'latitude'],
      [{ title: 'x', longitude: 'east' }, 'longitude'],
      [{ title: 'x', monday: 'sometimes' }, 'monday'],
      [{ title: '' }, 'title'],
      [{ bio: 'no title' }, 'title'],
    ];
    for (const [fields, field] of cases) {
      const res = await create(promoter.access, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBeDefined();
    }
  });

  it('lets app members (user_type user) list nothing and create nothing', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      "INSERT INTO users (email, password_hash, user_type, verified_at) VALUES ('m@example.org', 'x', 'user', now()) RETURNING id::int AS id",
    );
    const { accessTokens } = await import('../../server/services/access-tokens.ts');
    const { startSession } = await import('../../server/services/refresh-tokens.ts');
    const session = await startSession(t.db, rows[0]!.id, t.clock.now(), 3600);
    const token = await accessTokens(t.config.jwtSecret!, 900).sign(
      { userId: rows[0]!.id, userType: 'user', sessionId: session.family },
      t.clock.now(),
    );
    expect((await list(token)).body).toEqual([]);
    expect((await create(token, { title: 'Nope' })).status).toBe(403);
  });
});
