/**
 * A business listing set back to draft is private, its title too: the
 * promoters whose events name it see no venue_title (single reads, writes,
 * and their list, also a client holding the old list) until it is public
 * again, and then the title it was published under.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { EventListSchema, EventSchema } from '../../src/shared/contract/event.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let promoter: Account;
let owner: Account;

const create = (token: string, fields: Record<string, string>) =>
  call(t.app, 'POST', '/api/events/create/', { token, form: form(fields) });
const update = (token: string, id: number, fields: Record<string, string>) =>
  call(t.app, 'PUT', `/api/events/${id}/update/`, { token, form: form(fields) });
const read = async (id: number) =>
  v.parse(EventSchema, (await call(t.app, 'GET', `/api/events/${id}/`, { token: promoter.access })).body);
const list = (headers: Record<string, string> = {}) =>
  call(t.app, 'GET', '/api/events/user/', { token: promoter.access, headers });

beforeAll(async () => {
  t = await startTestApp();
  promoter = await signUp(t.app, 'subpromoter');
  owner = await signUp(t.app, 'business');
});
afterAll(() => t.close());

describe("a venue's title reaches promoters", () => {
  it('only while the listing is public; a draft and its new title stay private', async () => {
    const hall = (await create(owner.access, { title: 'Corner Hall', is_recurring: 'true' })).body.id as number;
    const gig = (
      await create(promoter.access, {
        title: 'Corner Gig',
        location_name: 'Somewhere',
        start_date: '2026-02-10',
        venue_id: String(hall),
      })
    ).body.id as number;
    expect((await read(gig)).venue_title).toBe('Corner Hall');
    const before = await list();
    const titleIn = (body: unknown) => v.parse(EventListSchema, body).find((e) => e.id === gig)?.venue_title;
    expect(titleIn(before.body)).toBe('Corner Hall');

    expect((await update(owner.access, hall, { status: 'draft' })).status).toBe(200);
    expect((await update(owner.access, hall, { title: 'Secret Plans Hall' })).status).toBe(200);

    expect((await read(gig)).venue_title).toBeNull();
    const afterDraft = await list({ 'If-None-Match': before.headers.get('etag')! });
    expect(afterDraft.status).toBe(200);
    expect(titleIn(afterDraft.body)).toBeNull();
    expect(JSON.stringify(afterDraft.body)).not.toContain('Secret Plans');
    const written = await update(promoter.access, gig, { title: 'Corner Gig!' });
    expect(written.body).toMatchObject({ venue_id: hall, venue_title: null });

    expect((await update(owner.access, hall, { status: 'published' })).status).toBe(200);
    expect((await read(gig)).venue_title).toBe('Secret Plans Hall');
    const afterPublish = await list({ 'If-None-Match': afterDraft.headers.get('etag')! });
    expect(afterPublish.status).toBe(200);
    expect(titleIn(afterPublish.body)).toBe('Secret Plans Hall');
  });
});
