/**
 * The kill -9 run, for followers: two API processes on one PostgreSQL share
 * a fan-out (a promoter with a few hundred push followers publishes), and one
 * is killed with SIGKILL in the middle of it, with pushes of its own still
 * waiting for the push service's answer. The survivor sends the rest once
 * the dead one's leases run out: every follower's push service accepts
 * exactly one message (a push the dead process sent but never saw answered
 * is one the service never accepted here; a real service may have, and then
 * the repeat carries the same Topic and the browser shows one notification,
 * sw/push.ts).
 *
 * Needs a real PostgreSQL (the `api-postgres` project):
 *   TEST_DATABASE_URL="$(.ci/start-postgres)" npx vitest run --project api-postgres tests/api/followers-fan-out-survives-kill.test.ts
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { startPostgresInstance, stopPostgresInstance, type PostgresInstance } from '../support/server-process.ts';
import { call, form, signUp } from './support/api-client.ts';
import { browserSubscription, decryptPush } from './support/push-service.ts';
import { usesPostgres, type TestApp } from './support/test-app.ts';

const enabled = usesPostgres();
const FOLLOWERS = 300;
/** The push service answers this many, then holds every request until told to go on. */
const ANSWER_FIRST = 80;

let admin: Db;
let schema: string;
const instances: PostgresInstance[] = [];
let push: Server;
let origin: string;

/** Pushes the service accepted (answered 201 on a live connection), per endpoint path. */
const accepted = new Map<string, number>();
const bodies = new Map<string, Buffer>();
/** Answering the first ANSWER_FIRST, then holding everything, then (after the kill) answering all. */
let phase: 'first' | 'holding' | 'all' = 'first';
const held: { req: IncomingMessage; res: ServerResponse; path: string; body: Buffer }[] = [];

function answer(res: ServerResponse, path: string, body: Buffer): void {
  if (res.destroyed || res.socket?.destroyed) return;
  res.writeHead(201).end(() => {
    accepted.set(path, (accepted.get(path) ?? 0) + 1);
    bodies.set(path, body);
  });
}

const app = (instance: PostgresInstance): TestApp['app'] =>
  ({ request: (path: string, init?: RequestInit) => fetch(instance.base + path, init) }) as TestApp['app'];

beforeAll(async () => {
  if (!enabled) return;
  push = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const body = Buffer.concat(chunks);
      const answered = [...accepted.values()].reduce((a, b) => a + b, 0);
      if (phase === 'holding' || (phase === 'first' && answered >= ANSWER_FIRST)) {
        phase = 'holding';
        held.push({ req, res, path, body });
      } else answer(res, path, body);
    });
  });
  await new Promise<void>((done) => push.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(push.address() as AddressInfo).port}`;

  const url = process.env.TEST_DATABASE_URL!;
  schema = `fanout_${Date.now().toString(36)}`;
  admin = await openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  const env = { PUSH_ALLOW_LOCAL: '1', PUBLIC_URL: 'https://listings.roamly.test', LOG_LEVEL: 'fatal' };
  instances.push(
    ...(await Promise.all([
      startPostgresInstance('fan-a', withSchema.toString(), env),
      startPostgresInstance('fan-b', withSchema.toString(), env),
    ])),
  );
}, 120_000);

afterAll(async () => {
  for (const instance of instances) await stopPostgresInstance(instance, 'SIGKILL');
  await new Promise((done) => (push ? push.close(done) : done(null)));
  if (admin) {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}, 30_000);

async function until(what: () => Promise<boolean> | boolean, timeoutMs: number, label: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${label}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const count = async (sql: string) => (await admin.query<{ n: number }>(sql)).rows[0]!.n;

describe.runIf(enabled)('a fan-out and kill -9', () => {
  it('every follower gets exactly one push when one of two instances is killed mid fan-out', async () => {
    const [a, b] = instances as [PostgresInstance, PostgresInstance];
    const promoter = await signUp(app(a), 'subpromoter', { display_name: 'fan.out' });
    // Followers straight into the table (a browser's keys, reused: distinct endpoints are distinct followers).
    const sub = browserSubscription(`${origin}/fan/0`);
    await admin.query(
      `INSERT INTO ${schema}.follows (target_kind, user_id, channel, endpoint, p256dh, auth, token_hash, confirmed_at, created_at)
       SELECT 'promoter', u.id, 'push', $1 || g, $2, $3, 'seeded-' || g, now(), now()
         FROM ${schema}.users u, generate_series(1, ${FOLLOWERS}) g WHERE u.email = $4`,
      [`${origin}/fan/`, sub.keys.p256dh, sub.keys.auth, promoter.email],
    );
    const created = await call(app(b), 'POST', '/api/events/create/', {
      token: promoter.access,
      form: form({
        title: 'Kill Switch Live',
        location_name: 'Leeds Brudenell',
        latitude: '53.8090',
        longitude: '-1.5750',
        start_date: '2031-04-04',
        start_time: '20:00',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The minute's hold for more edits passes at once.
    await admin.query(`UPDATE ${schema}.follow_notices SET quiet_since = '-infinity'`);

    // Mid fan-out: the service has answered ANSWER_FIRST and holds the rest; both have marked what was answered.
    await until(() => phase === 'holding' && held.length > 0, 20_000, 'the fan-out to reach the push service');
    const sent = `SELECT count(*)::int AS n FROM ${schema}.follow_notices WHERE state = 'sent'`;
    const answered = () => [...accepted.values()].reduce((x, y) => x + y, 0);
    await until(async () => (await count(sent)) >= answered(), 10_000, 'the answered pushes to be marked sent');
    a.child.kill('SIGKILL');
    await new Promise((done) =>
      a.child.exitCode !== null || a.child.signalCode ? done(null) : a.child.once('exit', done),
    );
    expect(a.child.signalCode).toBe('SIGKILL');
    // Its open requests die with it; the survivor's are answered, and it goes on. First the
    // service must have seen the dead one's connections close: answered before that (a busy
    // host delivers the resets late), a push would count as accepted on a dead connection.
    const closedHeld = () => held.filter(({ req }) => req.socket.destroyed).length;
    let seen = closedHeld();
    let steadySince = Date.now();
    await until(
      () => {
        const now = closedHeld();
        if (now !== seen) [seen, steadySince] = [now, Date.now()];
        return Date.now() - steadySince >= 1_000;
      },
      10_000,
      "the killed instance's connections to close",
    );
    phase = 'all';
    for (const request of held.splice(0)) answer(request.res, request.path, request.body);
    const pending = `SELECT count(*)::int AS n FROM ${schema}.follow_notices WHERE state = 'pending'`;
    // What the survivor can send now, it sends (it polls every 2 s); the rest waits for the dead one's lease.
    let last = -1;
    let still = 0;
    await until(
      async () => {
        const now = await count(sent);
        still = now === last ? still + 1 : 0;
        last = now;
        return still >= 30;
      },
      30_000,
      'the survivor to go idle',
    );
    expect(await count(pending)).toBeGreaterThan(0);
    // Time passes: the dead process's leases run out.
    await admin.query(
      `UPDATE ${schema}.follow_notices SET next_attempt_at = now() - interval '1 second' WHERE state = 'pending'`,
    );
    await until(async () => (await count(pending)) === 0, 20_000, 'the survivor to send the rest');
    await new Promise((done) => setTimeout(done, 300)); // time for a repeat to show, if any

    const paths = Array.from({ length: FOLLOWERS }, (_, i) => `/fan/${i + 1}`);
    expect(
      paths.filter((path) => accepted.get(path) !== 1).map((path) => `${path}×${accepted.get(path) ?? 0}`),
    ).toEqual([]);
    expect(accepted.size).toBe(FOLLOWERS);
    const payload = JSON.parse(decryptPush(sub, bodies.get('/fan/1')!)) as { title: string };
    expect(payload.title).toBe('Kill Switch Live');
    expect(await count(`SELECT count(*)::int AS n FROM ${schema}.follow_notices WHERE state = 'sent'`)).toBe(FOLLOWERS);
  }, 90_000);
});
