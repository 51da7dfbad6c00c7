/**
 * Followers are not flooded: a burst of edits to an event is one message
 * (telling the last state), and one follower — a push subscription, whatever
 * it follows — gets at most FOLLOWER_DAILY_CAP messages a UTC day; what is
 * over it is dropped, counted in the database so that two workers on one
 * database share the count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLLOWER_DAILY_CAP,
  followerDeliveries,
  type FollowerDeliveries,
} from '../../server/services/followers/deliveries.ts';
import { vapidKeys } from '../../server/services/followers/vapid-keys.ts';
import { silentLogger } from '../../server/services/logger.ts';
import { consoleMailer } from '../../server/services/mail.ts';
import { mailQueue, type MailQueue } from '../../server/services/mail-queue.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import {
  browserSubscription,
  decryptPush,
  startPushService,
  type BrowserSubscription,
  type FakePushService,
} from './support/push-service.ts';
import { freshDb, manualClock, startTestApp, type ManualClock, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
/** Short here so the test waits little; the server's is a minute. */
const SETTLE_MS = 400;
let owned: Awaited<ReturnType<typeof freshDb>>;
let t: TestApp;
let clock: ManualClock;
/** The workers' clock runs this far ahead of the app's (a day later, without ending the promoter's session). */
let workersAhead = 0;
let mail: MailQueue;
let pushService: FakePushService;
let promoter: Account;
const workers: FollowerDeliveries[] = [];

function worker(settleMs: number): FollowerDeliveries {
  const made = followerDeliveries({
    db: owned.db,
    mail,
    keys: vapidKeys(owned.db),
    publicUrl: PUBLIC_URL,
    mailFrom: 'no-reply@listings.roamly.test',
    allowLocal: true,
    now: () => clock.now() + workersAhead,
    logger: silentLogger,
    pollMs: 3_600_000,
    settleMs,
  });
  workers.push(made);
  return made;
}

const base = {
  title: 'Quay Sessions',
  location_name: 'Bristol Harbourside',
  latitude: '51.4490',
  longitude: '-2.5980',
  start_date: '2027-06-12',
  start_time: '19:00',
};

async function create(fields: Record<string, string>): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', { token: promoter.access, form: form(fields) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

let endpoints = 0;
async function follow(target: string, sub?: BrowserSubscription): Promise<BrowserSubscription> {
  endpoints += 1;
  const made = sub ?? browserSubscription(`${pushService.origin}/flood/${endpoints}`);
  const res = await call(t.app, 'POST', '/api/follows/', {
    json: { target, channel: 'push', subscription: { endpoint: made.endpoint, keys: made.keys } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return made;
}

function pushesTo(sub: BrowserSubscription): { title: string; body: string; url: string }[] {
  const path = new URL(sub.endpoint).pathname;
  return pushService.requests
    .filter((request) => request.path === path)
    .map((request) => JSON.parse(decryptPush(sub, request.body)) as { title: string; body: string; url: string });
}

beforeAll(async () => {
  pushService = await startPushService();
  owned = await freshDb();
  clock = manualClock(Date.UTC(2027, 5, 1, 9, 0, 0));
  mail = mailQueue({ db: owned.db, transport: consoleMailer({ log: () => {} }), now: clock.now, logger: silentLogger });
  // The app's own kick after each write drains the bursts' worker, as a server's would.
  const settling = worker(SETTLE_MS);
  t = await startTestApp({
    db: owned.db,
    clock,
    config: { publicUrl: PUBLIC_URL, pushAllowLocal: true },
    deps: { mailQueue: mail, followerDeliveries: settling },
  });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'quay.sessions' });
});
afterAll(async () => {
  for (const made of workers) await made.stop();
  await mail?.stop();
  await pushService?.close();
  await owned?.drop();
});

describe('bursts', () => {
  it('ten edits in quick succession are one message, telling the last state', async () => {
    const id = await create(base);
    const settling = workers[0]!;
    const sub = await follow(`event:${id}`);
    for (let i = 0; i < 9; i++) {
      const res = await call(t.app, 'PUT', `/api/events/${id}/update/`, {
        token: promoter.access,
        form: form({ start_time: `19:${String(10 + i).padStart(2, '0')}` }),
      });
      expect(res.status).toBe(200);
    }
    const last = await call(t.app, 'PUT', `/api/events/${id}/update/`, {
      token: promoter.access,
      form: form({ status: 'postponed', status_note: 'Storm warning.' }),
    });
    expect(last.status).toBe(200);
    // Every write kicked the worker; the notice waits until the event is quiet.
    await settling.drain();
    expect(pushesTo(sub)).toEqual([]);
    await new Promise((done) => setTimeout(done, SETTLE_MS + 100));
    await settling.drain();
    expect(pushesTo(sub)).toEqual([
      { title: 'Quay Sessions', body: 'Postponed. Storm warning.', url: `${PUBLIC_URL}/e/${id}/quay-sessions` },
    ]);
  });
});

describe('the daily cap', () => {
  it(`one subscription gets at most ${FOLLOWER_DAILY_CAP} messages a day across its follows, from two workers at once; the rest are dropped`, async () => {
    const [a, b] = [worker(0), worker(0)];
    const first = await create({ ...base, title: 'Opening night' });
    const sub = await follow('promoter:quay.sessions');
    // The same subscription also says "Remind me" on one event: one follower, one allowance.
    await follow(`event:${first}`, sub);
    for (let i = 0; i < 2 * FOLLOWER_DAILY_CAP; i++) await create({ ...base, title: `Set ${i + 1}` });
    await call(t.app, 'PUT', `/api/events/${first}/update/`, {
      token: promoter.access,
      form: form({ status: 'cancelled' }),
    });
    await new Promise((done) => setTimeout(done, SETTLE_MS + 100));
    await Promise.all([a.drain(), b.drain(), workers[0]!.drain()]);
    await Promise.all([a.drain(), b.drain()]);
    expect(pushesTo(sub)).toHaveLength(FOLLOWER_DAILY_CAP);
    const { rows } = await t.db.query<{ state: string; last_error: string | null; n: number }>(
      `SELECT n.state, n.last_error, count(*)::int AS n FROM follow_notices n JOIN follows f ON f.id = n.follow_id
        WHERE f.endpoint = $1 GROUP BY 1, 2 ORDER BY 1`,
      [sub.endpoint],
    );
    expect(rows).toEqual([
      { state: 'dead', last_error: 'over the daily cap', n: 2 * FOLLOWER_DAILY_CAP + 2 - FOLLOWER_DAILY_CAP },
      { state: 'sent', last_error: null, n: FOLLOWER_DAILY_CAP },
    ]);

    // Another follower is not held back by this one; and the next day this one hears again.
    const other = await follow('promoter:quay.sessions');
    await create({ ...base, title: 'Late addition' });
    await new Promise((done) => setTimeout(done, SETTLE_MS + 100));
    await a.drain();
    expect(pushesTo(other).map((p) => p.title)).toEqual(['Late addition']);
    expect(pushesTo(sub)).toHaveLength(FOLLOWER_DAILY_CAP);

    workersAhead = 24 * 60 * 60_000;
    await create({ ...base, title: 'Next day' });
    await new Promise((done) => setTimeout(done, SETTLE_MS + 100));
    await a.drain();
    expect(pushesTo(sub).at(-1)?.title).toBe('Next day');
  });
});
