/**
 * Listing insights across two instances on one PostgreSQL: two
 * real server processes each count views in memory and add them to the same
 * row by their periodic flush, so the figures add up; a graceful stop
 * (SIGTERM) flushes what was counted since, before the process exits 0.
 * (`kill -9` loses at most the last flush interval, 10 s: stated in
 * server/services/insights-counter.ts, not timed here.)
 *
 * Needs a real PostgreSQL (the `api-postgres` Vitest project):
 *   TEST_DATABASE_URL="$(.ci/start-postgres)" npx vitest run --project api-postgres tests/api/insights-two-instances.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { call, form, signUp } from './support/api-client.ts';
import { usesPostgres, type TestApp } from './support/test-app.ts';
import { startPostgresInstance, stopPostgresInstance, type PostgresInstance } from '../support/server-process.ts';

const enabled = usesPostgres();
/** Views are counted per client address, so the instances trust X-Forwarded-For. */
const INSIGHTS_ENV = { TRUST_PROXY: '1', JWT_SECRET: 'insights-two-instances-secret-0123456789' };
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let admin: Db;
let schema: string;
const instances: PostgresInstance[] = [];

const appOf = (instance: PostgresInstance) =>
  ({
    request: (path: string, init?: RequestInit) => fetch(instance.base + path, init),
  }) as TestApp['app'];

/** `count` views of `eventId` on `instance`, each from its own address. */
async function views(instance: PostgresInstance, eventId: number, addresses: string[]) {
  for (const address of addresses) {
    const res = await call(appOf(instance), 'POST', `/api/events/${eventId}/insights/hit/`, {
      json: { kind: 'view' },
      headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': address },
    });
    expect(res.status).toBe(204);
  }
}

async function storedViews(eventId: number): Promise<number> {
  const rows = await admin.query<{ views: number }>(
    `SELECT coalesce(sum(views), 0)::int AS views FROM ${schema}.listing_insights WHERE event_id = $1`,
    [eventId],
  );
  return rows.rows[0]!.views;
}

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}.${i + 1}`);

beforeAll(async () => {
  if (!enabled) return;
  const url = process.env.TEST_DATABASE_URL!;
  schema = `insights_${Date.now().toString(36)}`;
  admin = await openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  instances.push(
    ...(await Promise.all([
      startPostgresInstance('A', withSchema.toString(), INSIGHTS_ENV),
      startPostgresInstance('B', withSchema.toString(), INSIGHTS_ENV),
    ])),
  );
}, 200_000);

afterAll(async () => {
  for (const instance of instances) await stopPostgresInstance(instance);
  if (admin) {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}, 60_000);

describe.runIf(enabled)('insights on two instances, one PostgreSQL', () => {
  it('add up in one row by their periodic flushes, and a SIGTERM flushes the rest before exit 0', async () => {
    const [a, b] = instances as [PostgresInstance, PostgresInstance];
    const owner = await signUp(appOf(a), 'subpromoter');
    const created = await call(appOf(b), 'POST', '/api/events/create/', {
      token: owner.access,
      form: form({ title: 'Counted twice over', start_date: '2026-12-31', start_time: '21:00' }),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    await views(a, id, range('198.51.100', 40));
    await views(b, id, range('203.0.113', 25));
    // Nothing is written per view: the flush (every 10 s) brings them in.
    expect(
      await poll(
        () => storedViews(id),
        (n) => n === 65,
        40_000,
      ),
    ).toBe(65);
    const rows = await admin.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.listing_insights WHERE event_id = $1`,
      [id],
    );
    expect(rows.rows[0]!.n).toBe(1);

    // Counted after the last flush, then stopped before the next one: the stop flushes them.
    await views(a, id, range('192.0.2', 7));
    await views(b, id, range('10.9.8', 5));
    const exits = [a, b].map((instance) => new Promise<number | null>((done) => instance.child.once('exit', done)));
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
    expect(await storedViews(id)).toBe(77);
  }, 120_000);
});
