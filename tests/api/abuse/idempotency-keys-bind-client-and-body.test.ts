/**
 * Finding 9: an Idempotency-Key is bound to its caller and to its request.
 * - anonymous answers never cross clients;
 * - the same key with a different body is a 422 (IETF Idempotency-Key draft);
 * - a key sent to a path that does not exist (or that answers 404) stores nothing;
 * - a crash between the handler's writes and storing the answer leaves
 *   nothing applied, so the retry applies the write exactly once;
 * - rate-limit counts survive a request that rolls back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app.ts';
import type { Db, Queryable } from '../../../server/db/client.ts';
import { silentLogger } from '../../../server/services/logger.ts';
import { defaultRateLimits } from '../../../server/services/rate-limit.ts';
import { call, form, pngFile, signUp, uniqueEmail, type Account } from '../support/api-client.ts';
import { freshDb, manualClock, startTestApp, type TestApp } from '../support/test-app.ts';

let shared: Awaited<ReturnType<typeof freshDb>>;
let t: TestApp;
let owner: Account;
const clock = manualClock();
beforeAll(async () => {
  shared = await freshDb();
  t = await startTestApp({ db: shared.db, clock, config: { trustProxy: true, trustProxyHops: 1 } });
  owner = await signUp(t.app, 'business');
});
afterAll(() => shared.drop());

const rows = async (key: string) =>
  (await shared.db.query('SELECT scope FROM idempotency_keys WHERE key = $1', [key])).rows.length;
const titled = async (title: string) =>
  Number(
    (await shared.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events WHERE title = $1', [title])).rows[0]!
      .n,
  );

describe('anonymous keys', () => {
  it("a second client reusing a key does not receive the first client's answer", async () => {
    const key = crypto.randomUUID();
    const register = (email: string, ip: string) =>
      call(t.app, 'POST', '/api/auth/register/', {
        json: { email, password: 'long-enough-1', display_name: 'first_one', user_type: 'business' },
        headers: { 'Idempotency-Key': key, 'X-Forwarded-For': ip },
      });
    const victim = uniqueEmail('victim');
    const first = await register(victim, '203.0.113.10');
    expect(first.status).toBe(201);
    const other = uniqueEmail('other');
    const second = await register(other, '198.51.100.10');
    expect(second.status).toBe(201);
    expect(second.body.email).toBe(other);
    expect(JSON.stringify(second.body)).not.toContain(victim);
  });

  it('the same key with a different body is refused with 422, the same body is replayed', async () => {
    const key = crypto.randomUUID();
    const report = (message: string) =>
      call(t.app, 'POST', '/api/auth/report-issue/', {
        json: { message },
        headers: { 'Idempotency-Key': key, 'X-Forwarded-For': '192.0.2.31' },
      });
    const first = await report('The first report text');
    expect(first.status).toBe(201);
    const changed = await report('A completely different report');
    expect(changed.status).toBe(422);
    expect(changed.body.detail).toMatch(/different request/);
    expect(JSON.stringify(changed.body)).not.toContain(String(first.body.id));
    const again = await report('The first report text');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a retry with identical bytes from a new address (a phone that changed networks) is replayed, not applied twice', async () => {
    const key = crypto.randomUUID();
    const message = `Sent twice across networks ${key}`;
    const report = (ip: string) =>
      call(t.app, 'POST', '/api/auth/report-issue/', {
        json: { message },
        headers: { 'Idempotency-Key': key, 'X-Forwarded-For': ip },
      });
    const first = await report('192.0.2.41');
    const second = await report('192.0.2.42');
    expect(second.body).toEqual(first.body);
    const stored = await shared.db.query('SELECT id FROM issue_reports WHERE message = $1', [message]);
    expect(stored.rows).toHaveLength(1);
  });
});

describe('signed-in keys', () => {
  it('the same key with a different multipart body is 422; the same fields under a new boundary replay', async () => {
    const key = crypto.randomUUID();
    const create = (title: string) =>
      call(t.app, 'POST', '/api/events/create/', {
        token: owner.access,
        headers: { 'Idempotency-Key': key },
        form: form({ title, cover_image: pngFile() }),
      });
    const first = await create('Boundary party');
    expect(first.status).toBe(201);
    const retry = await create('Boundary party'); // a fresh FormData: a new random boundary
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
    expect((await create('Another party')).status).toBe(422);
    expect(await titled('Boundary party')).toBe(1);
    expect(await titled('Another party')).toBe(0);
  });

  it('the same key on another path is 422', async () => {
    const key = crypto.randomUUID();
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: owner.access,
      headers: { 'Idempotency-Key': key },
      form: form({ title: 'Path one' }),
    });
    expect(created.status).toBe(201);
    const other = await call(t.app, 'DELETE', `/api/events/${created.body.id}/delete/`, {
      token: owner.access,
      headers: { 'Idempotency-Key': key },
    });
    expect(other.status).toBe(422);
  });
});

describe('404s store nothing', () => {
  it('unknown paths and missing records leave no row', async () => {
    const unknown = crypto.randomUUID();
    const res = await call(t.app, 'POST', '/api/no/such/endpoint/', {
      token: owner.access,
      headers: { 'Idempotency-Key': unknown },
      json: {},
    });
    expect(res.status).toBe(404);
    expect(await rows(unknown)).toBe(0);
    const anonymous = crypto.randomUUID();
    await call(t.app, 'PUT', '/api/whatever/', { headers: { 'Idempotency-Key': anonymous }, json: {} });
    expect(await rows(anonymous)).toBe(0);
    const missing = crypto.randomUUID();
    const gone = await call(t.app, 'DELETE', '/api/events/987654/delete/', {
      token: owner.access,
      headers: { 'Idempotency-Key': missing },
    });
    expect(gone.status).toBe(404);
    expect(await rows(missing)).toBe(0);
  });
});

/** The database, except that storing an idempotent answer fails `failures` times (a crash before commit). */
function crashingBeforeCommit(db: Db, failures: { left: number }): Db {
  const wrap = (q: Queryable): Queryable => ({
    query: async (sql, params) => {
      if (failures.left > 0 && /UPDATE idempotency_keys SET status/.test(sql)) {
        failures.left -= 1;
        throw new Error('simulated crash after the handler, before the commit');
      }
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  return {
    ...wrap(db),
    engine: db.engine,
    close: () => db.close(),
    // Commit-time work (where the answer is stored) sees the failing database too.
    transaction: (fn) =>
      db.transaction((tx) => fn({ ...wrap(tx), atCommit: (work) => tx.atCommit((final) => work(wrap(final))) })),
  };
}

describe('the crash window', () => {
  it('a failure between the handler and storing the answer applies nothing; the retry applies once', async () => {
    const failures = { left: 1 };
    const crashing = createApp({
      db: crashingBeforeCommit(shared.db, failures),
      config: t.config,
      clock,
      mailLog: () => undefined,
    });
    const key = crypto.randomUUID();
    const send = () =>
      call(crashing, 'POST', '/api/events/create/', {
        token: owner.access,
        headers: { 'Idempotency-Key': key },
        form: form({ title: 'Crash window' }),
      });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const crashed = await send();
    errors.mockRestore();
    expect(crashed.status).toBe(500);
    expect(await titled('Crash window')).toBe(0);
    // The retry comes later (after any "still processing" window) and must apply exactly once.
    clock.advance(61_000);
    const retried = await send();
    expect(retried.status).toBe(201);
    const replayed = await send();
    expect(replayed.body.id).toBe(retried.body.id);
    expect(await titled('Crash window')).toBe(1);
  });

  it('rate-limit counts survive a request that rolls back', async () => {
    const limits = { ...defaultRateLimits, reportPerIp: { max: 2, windowSeconds: 600 } };
    // Every attempt fails as its answer is stored (a crash before the commit): the request rolls back.
    const crashing = createApp({
      db: crashingBeforeCommit(shared.db, { left: 3 }),
      config: t.config,
      clock,
      limits,
      logger: silentLogger,
      reportError: () => undefined,
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(crashing, 'POST', '/api/auth/report-issue/', {
        json: { message: `The commit fails, try ${i}` },
        headers: { 'Idempotency-Key': crypto.randomUUID(), 'X-Forwarded-For': '192.0.2.99' },
      });
      statuses.push(res.status);
    }
    errors.mockRestore();
    expect(statuses).toEqual([500, 500, 429]);
  });
});
