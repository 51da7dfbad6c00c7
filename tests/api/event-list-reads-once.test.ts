/**
 * The event list is the request the dashboard makes most. Whatever it is
 * answered from — rows read now, this process's copy, or a 304 for the
 * client's — it costs one statement on the database, and it is never older
 * than the last write made through any instance. When it has changed, the
 * database sends only the documents of the events that changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { freshDb, startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Counts the statements that read the events list (its revision or its rows, directly or through the
 * functions of migrations 020 and 022), and keeps the documents the last whole-list read carried.
 */
function countingListReads(db: Db) {
  const counter = { reads: 0, lastDocs: null as string | null };
  const counted: Db = {
    ...db,
    query: async <T>(sql: string, params?: unknown[]) => {
      const isListRead = /^\s*SELECT/i.test(sql) && /events_rev|FROM events\b|FROM event_list_\w+\(/.test(sql);
      if (isListRead) counter.reads++;
      const result = await db.query<T>(sql, params);
      if (/event_list_delta\(/.test(sql)) counter.lastDocs = (result.rows[0] as { docs: string | null }).docs;
      return result;
    },
  };
  return { counted, counter };
}

/** The titles of the documents a whole-list read carried (each ends with U+001E). */
const titlesIn = (docs: string | null) =>
  (docs ?? '')
    .split('\u001e')
    .filter(Boolean)
    .map((doc) => (JSON.parse(doc) as { title: string }).title);

let database: Awaited<ReturnType<typeof freshDb>>;
let a: TestApp;
let b: TestApp;
let readsOnA: { reads: number; lastDocs: string | null };
let owner: Account;

beforeAll(async () => {
  database = await freshDb();
  const { counted, counter } = countingListReads(database.db);
  readsOnA = counter;
  a = await startTestApp({ db: counted });
  b = await startTestApp({ db: database.db, clock: a.clock });
  owner = await signUp(a.app, 'subpromoter');
  for (const title of ['One', 'Two', 'Three']) {
    const made = await call(a.app, 'POST', '/api/events/create/', { token: owner.access, form: form({ title }) });
    expect(made.status).toBe(201);
  }
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.drop();
});

const listOn = (app: TestApp, query = '', headers: Record<string, string> = {}) =>
  call(app.app, 'GET', `/api/events/user/${query}`, { token: owner.access, headers });

async function readsFor<T>(request: () => Promise<T>): Promise<{ reads: number; result: T }> {
  const before = readsOnA.reads;
  const result = await request();
  return { reads: readsOnA.reads - before, result };
}

describe('the event list', () => {
  it('costs one statement when it is read, when this process has a copy, and for a 304', async () => {
    const built = await readsFor(() => listOn(a));
    expect(built.result.status).toBe(200);
    expect(built.reads).toBe(1);

    const fromCopy = await readsFor(() => listOn(a));
    expect(fromCopy.result.status).toBe(200);
    expect(fromCopy.result.body).toEqual(built.result.body);
    expect(fromCopy.reads).toBe(1);

    const etag = built.result.headers.get('etag')!;
    const unchanged = await readsFor(() => listOn(a, '', { 'If-None-Match': etag }));
    expect(unchanged.result.status).toBe(304);
    expect(unchanged.result.headers.get('etag')).toBe(etag);
    expect(unchanged.reads).toBe(1);
  });

  it('is current after a write through another instance, copy or not', async () => {
    const before = await listOn(a);
    const etag = before.headers.get('etag')!;
    const [first] = before.body as { id: number; version: number }[];
    const edit = await call(b.app, 'PUT', `/api/events/${first!.id}/update/`, {
      token: owner.access,
      json: { title: 'Renamed on B' },
      headers: { 'If-Match': `"${first!.version}"` },
    });
    expect(edit.status).toBe(200);

    const conditional = await readsFor(() => listOn(a, '', { 'If-None-Match': etag }));
    expect(conditional.result.status).toBe(200);
    expect(conditional.reads).toBe(1);
    expect(conditional.result.headers.get('etag')).not.toBe(etag);
    expect((conditional.result.body as { title: string }[])[0]!.title).toBe('Renamed on B');

    const plain = await listOn(a);
    expect((plain.body as { title: string }[])[0]!.title).toBe('Renamed on B');
  });

  it('pages the same way: one statement each, 304 while unchanged, the new rows after a write', async () => {
    const page = await readsFor(() => listOn(a, '?limit=2'));
    expect(page.result.status).toBe(200);
    expect(page.reads).toBe(1);
    expect((page.result.body as unknown[]).length).toBe(2);
    const cursor = page.result.headers.get('x-next-cursor')!;
    expect(cursor).toBeTruthy();

    const etag = page.result.headers.get('etag')!;
    const again = await readsFor(() => listOn(a, '?limit=2', { 'If-None-Match': etag }));
    expect(again.result.status).toBe(304);
    expect(again.reads).toBe(1);

    const last = await listOn(a, `?limit=2&cursor=${cursor}`);
    expect((last.body as { title: string }[]).map((e) => e.title)).toEqual(['Three']);
    expect(last.headers.get('x-next-cursor')).toBeNull();

    const [first] = page.result.body as { id: number; version: number }[];
    await call(b.app, 'DELETE', `/api/events/${first!.id}/delete/`, { token: owner.access });
    const after = await readsFor(() => listOn(a, '?limit=2', { 'If-None-Match': etag }));
    expect(after.result.status).toBe(200);
    expect(after.reads).toBe(1);
    expect((after.result.body as { title: string }[]).map((e) => e.title)).toEqual(['Two', 'Three']);
    expect(after.result.headers.get('x-next-cursor')).toBeNull();
  });

  it('after an edit, carries only the edited event from the database, and answers what a fresh read would', async () => {
    const before = await listOn(a);
    const events = before.body as { id: number; version: number; title: string }[];
    const target = events[events.length - 1]!;
    const edit = await call(b.app, 'PUT', `/api/events/${target.id}/update/`, {
      token: owner.access,
      json: { title: 'Edited once' },
      headers: { 'If-Match': `"${target.version}"` },
    });
    expect(edit.status).toBe(200);

    const after = await listOn(a);
    expect(titlesIn(readsOnA.lastDocs)).toEqual(['Edited once']);
    const fresh = await listOn(b); // B has never read this list: every document comes from the database
    expect(after.body).toEqual(fresh.body);
    expect((after.body as { title: string }[]).map((e) => e.title)).toEqual(
      events.map((e) => (e.id === target.id ? 'Edited once' : e.title)),
    );

    const made = await call(b.app, 'POST', '/api/events/create/', {
      token: owner.access,
      form: form({ title: 'Four' }),
    });
    expect(made.status).toBe(201);
    await call(b.app, 'DELETE', `/api/events/${events[0]!.id}/delete/`, { token: owner.access });
    const changed = await listOn(a);
    expect(titlesIn(readsOnA.lastDocs)).toEqual(['Four']);
    expect(changed.body).toEqual((await listOn(b)).body);
    expect((changed.body as { id: number }[]).map((e) => e.id)).not.toContain(events[0]!.id);
  });
});
