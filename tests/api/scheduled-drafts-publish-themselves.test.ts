/**
 * `publish_at` (contract §11): a draft given a moment publishes itself then,
 * with nobody online — its page is a 404 before and public after, exactly once
 * however many processes look at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDueEvents, startScheduledPublishing } from '../../server/services/events/scheduled-publishing.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
const options = { publicUrl: PUBLIC_URL, mediaBase: `${PUBLIC_URL}/media/` };
let t: TestApp;
let owner: Account;
beforeAll(async () => {
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL } });
  owner = await signUp(t.app, 'subpromoter', { display_name: 'early.bird' });
});
afterAll(() => t.close());

/** The instant `ms` from the test clock's now, written with a +01:00 offset as a client in Paris would. */
function inParis(ms: number): string {
  const at = new Date(t.clock.now() + ms + 3_600_000).toISOString().slice(0, 19);
  return `${at}+01:00`;
}
/** A fresh access token: the test clock moves past the 15-minute lifetime. */
const token = async () =>
  (await call(t.app, 'POST', '/api/auth/login/', { json: { email: owner.email, password: owner.password } })).body
    .access as string;
const create = async (fields: Record<string, string>) =>
  call(t.app, 'POST', '/api/events/create/', {
    token: await token(),
    form: form({ start_date: '2026-12-12', ...fields }),
  });
const update = async (id: number, fields: Record<string, string>) =>
  call(t.app, 'PUT', `/api/events/${id}/update/`, { token: await token(), form: form(fields) });
const publicStatus = async (id: number) => (await t.app.request(`/e/${id}`)).status;

describe('a scheduled draft', () => {
  it('stays a 404 until its moment, then publishes once, even with two processes looking', async () => {
    const created = await create({ title: 'Doors at Dawn', status: 'draft', publish_at: inParis(60 * 60_000) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect(created.body.status).toBe('draft');
    expect(created.body.publish_at).toBe(new Date(t.clock.now() + 60 * 60_000).toISOString().slice(0, 19) + 'Z');
    expect(await publicStatus(id)).toBe(404);
    expect(await publishDueEvents(t.db, options, t.clock.now())).toBe(0);

    t.clock.advance(60 * 60_000 + 1_000);
    const counts = await Promise.all([
      publishDueEvents(t.db, options, t.clock.now()),
      publishDueEvents(t.db, options, t.clock.now()),
    ]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await publicStatus(id)).toBe(301);
    const read = await call(t.app, 'GET', `/api/events/${id}/`, { token: await token() });
    expect(read.body.status).toBe('published');
    expect(read.body.publish_at).toBeNull();
    expect(read.body.version).toBe(2);
  });

  it('publishes from the background look with nobody calling', async () => {
    const created = await create({ title: 'Quiet Launch', publish_at: inParis(10_000) });
    // A publishing time alone makes a new event a draft.
    expect(created.body.status).toBe('draft');
    const stop = startScheduledPublishing(
      t.db,
      { ...options, now: () => t.clock.now(), onError: (error) => console.error(error) },
      50,
    );
    try {
      t.clock.advance(11_000);
      await expect.poll(() => publicStatus(created.body.id as number), { timeout: 5_000 }).toBe(301);
    } finally {
      await stop();
    }
  });

  it('is a draft’s alone, cleared by publishing by hand, and refused when malformed, past or a year away; a draft is never sold out', async () => {
    const published = await create({ title: 'Already Out' });
    const late = await update(published.body.id as number, { publish_at: inParis(60_000) });
    expect(late.status).toBe(400);
    expect(late.body.errors.publish_at).toEqual(['Only a draft can be scheduled: this event is already public.']);
    const both = await create({ title: 'Both', status: 'published', publish_at: inParis(60_000) });
    expect(both.status).toBe(400);
    expect(both.body.errors.publish_at[0]).toMatch(/published now or scheduled, not both/);
    for (const bad of ['tomorrow', '2026-12-01T18:00', '2026-13-45T18:00:00Z']) {
      const res = await create({ title: 'Bad', status: 'draft', publish_at: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors.publish_at[0]).toMatch(/with its offset/);
    }
    const far = await create({ title: 'Far', status: 'draft', publish_at: '2099-01-01T00:00:00Z' });
    expect(far.body.errors.publish_at).toEqual(['Choose a publishing time within the next year.']);
    const past = await create({ title: 'Past', status: 'draft', publish_at: inParis(-5 * 60_000) });
    expect(past.body.errors.publish_at).toEqual([
      'Choose a publishing time that is still to come, or leave Publish at empty to publish now.',
    ]);
    const soldOutDraft = await create({ title: 'Sold Draft', status: 'draft', sold_out: 'true' });
    expect(soldOutDraft.status).toBe(400);
    expect(soldOutDraft.body.errors.sold_out).toEqual(['A draft cannot be sold out: publish it first.']);

    const draft = await create({ title: 'By Hand', status: 'draft', publish_at: inParis(60 * 60_000) });
    const now = await update(draft.body.id as number, { status: 'published' });
    expect(now.status).toBe(200);
    expect(now.body.publish_at).toBeNull();
    const cleared = await create({ title: 'Unscheduled', status: 'draft', publish_at: inParis(60_000) });
    expect((await update(cleared.body.id as number, { publish_at: '' })).body.publish_at).toBeNull();
  });
});
