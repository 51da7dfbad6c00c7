/**
 * The event list is the request the dashboard makes most. Whatever it is
 * answered from — rows read now, this process's copy, or a 304 for the
 * client's — it costs one statement on the database, and it is never older
 * than the last write made through any instance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { freshDb, startTestApp, type TestApp } from './support/test-app.ts';

/** Counts the statements that read the events list (its revision or its rows, directly or through migration 020's functions). */
function countingListReads(db: Db) {
  const counter = { reads: 0 };
  const counted: Db = {
    ...db,
    query: (sql, params) => {
      if (/^\s*SELECT/i.test(sql) && /events_rev|FROM events\b|FROM event_list_(json|page)\(/.test(sql))
        counter.reads++;
      return db.query(sql, params);
    },
  };
  return { counted, counter };
}

let database: Awaited<ReturnType<typeof freshDb>>;
let a: TestApp;
let b: TestApp;
let readsOnA: { reads: number };
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
});
