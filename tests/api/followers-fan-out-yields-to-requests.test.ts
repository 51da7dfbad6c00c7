/**
 * A fan-out is background work: the followers' worker sends no push and
 * claims nothing while the process's requests have not finished (waiting at
 * most a bounded while for them), and never sends faster than its ceiling of
 * messages a second; the requests are counted by a middleware in front of
 * every route. The benchmark (scripts/bench/followers-fan-out.ts) measures
 * what this does for the dashboard's latency.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsInFlight } from '../../server/http/requests-in-flight.ts';
import { apiActivityCounter, type ApiActivity } from '../../server/services/api-activity.ts';
import { followerDeliveries, type FollowerDeliveries } from '../../server/services/followers/deliveries.ts';
import { vapidKeys } from '../../server/services/followers/vapid-keys.ts';
import { silentLogger } from '../../server/services/logger.ts';
import { consoleMailer } from '../../server/services/mail.ts';
import { mailQueue, type MailQueue } from '../../server/services/mail-queue.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { browserSubscription, startPushService, type FakePushService } from './support/push-service.ts';
import { freshDb, manualClock, startTestApp, type TestApp } from './support/test-app.ts';

let owned: Awaited<ReturnType<typeof freshDb>>;
let t: TestApp;
let mail: MailQueue;
let pushService: FakePushService;
let promoter: Account;
const workers: FollowerDeliveries[] = [];

function worker(options: { pushRate?: number; activity?: ApiActivity }): FollowerDeliveries {
  const made = followerDeliveries({
    db: owned.db,
    mail,
    keys: vapidKeys(owned.db),
    publicUrl: 'https://listings.roamly.test',
    mailFrom: 'no-reply@listings.roamly.test',
    allowLocal: true,
    now: () => t.clock.now(),
    logger: silentLogger,
    pollMs: 3_600_000,
    settleMs: 0,
    ...options,
  });
  workers.push(made);
  return made;
}

let followed = 0;
/** `count` new push followers of the promoter, then one new event for them all to hear of. */
async function fanOut(count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    followed += 1;
    const sub = browserSubscription(`${pushService.origin}/yield/${followed}`);
    const res = await call(t.app, 'POST', '/api/follows/', {
      json: {
        target: 'promoter:yield.nights',
        channel: 'push',
        subscription: { endpoint: sub.endpoint, keys: sub.keys },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    paths.push(`/yield/${followed}`);
  }
  const created = await call(t.app, 'POST', '/api/events/create/', {
    token: promoter.access,
    form: form({
      title: `Yield night ${followed}`,
      location_name: 'Leeds Brudenell',
      latitude: '53.8090',
      longitude: '-1.5680',
      start_date: '2027-09-10',
      start_time: '20:00',
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return paths;
}

const sentTo = (paths: string[]) => pushService.requests.filter((r) => paths.includes(r.path)).length;

beforeAll(async () => {
  pushService = await startPushService();
  owned = await freshDb();
  const clock = manualClock(Date.UTC(2027, 5, 1, 9, 0, 0));
  mail = mailQueue({ db: owned.db, transport: consoleMailer({ log: () => {} }), now: clock.now, logger: silentLogger });
  // The app's own worker sends nothing here (its requests are kicks into a worker that waits an hour).
  const idle = followerDeliveries({
    db: owned.db,
    mail,
    keys: vapidKeys(owned.db),
    publicUrl: 'https://listings.roamly.test',
    mailFrom: 'no-reply@listings.roamly.test',
    allowLocal: true,
    now: () => clock.now(),
    logger: silentLogger,
    pollMs: 3_600_000,
  });
  workers.push(idle);
  t = await startTestApp({
    db: owned.db,
    clock,
    config: { publicUrl: 'https://listings.roamly.test', pushAllowLocal: true },
    deps: { mailQueue: mail, followerDeliveries: idle },
  });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'yield.nights' });
});
afterAll(async () => {
  for (const made of workers) await made.stop();
  await mail?.stop();
  await pushService?.close();
  await owned?.drop();
});

describe('the fan-out lets requests go first', () => {
  it('sends nothing while a request is being answered, and all once it is done', async () => {
    let asked = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((done) => (release = done));
    // A request that takes as long as the test says (the real counter lets a push go after a bounded wait).
    const busy: ApiActivity = {
      ...apiActivityCounter(),
      quiet: () => {
        asked += 1;
        return released;
      },
    };
    const paths = await fanOut(3);
    const draining = worker({ activity: busy }).drain();
    await new Promise((done) => setTimeout(done, 300));
    expect(asked).toBeGreaterThan(0);
    expect(sentTo(paths)).toBe(0);
    release();
    await draining;
    expect(sentTo(paths)).toBe(3);
  });

  it('sends at most its ceiling of messages a second', async () => {
    const paths = await fanOut(3);
    // Everyone following by now hears of the new event: the three before too.
    const all = followed;
    const started = performance.now();
    await worker({ pushRate: 4 }).drain();
    expect(sentTo(paths)).toBe(3);
    // At 4 a second the last goes (all - 1) intervals of 250 ms after the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual((all - 1) * 250 - 10);
  });

  it('with pacing off (FOLLOWER_PUSH_RATE=0) it neither waits for requests nor keeps a ceiling', async () => {
    let asked = 0;
    const busy: ApiActivity = { ...apiActivityCounter(), quiet: () => ((asked += 1), new Promise<void>(() => {})) };
    const paths = await fanOut(2);
    await worker({ pushRate: 0, activity: busy }).drain();
    expect(sentTo(paths)).toBe(2);
    expect(asked).toBe(0);
  });
});

describe('the count of requests in flight', () => {
  it('counts a request from its start to its answer, and wakes a waiter when the last one ends', async () => {
    const activity = apiActivityCounter();
    const app = new Hono();
    app.use('*', requestsInFlight(activity));
    let inside = -1;
    let finish: () => void = () => {};
    const held = new Promise<void>((done) => (finish = done));
    app.get('/slow', async (c) => {
      inside = activity.inFlight();
      await held;
      return c.text('ok');
    });
    const answer = app.request('/slow');
    await new Promise((done) => setTimeout(done, 10));
    expect(inside).toBe(1);
    let quiet = false;
    const waiter = activity.quiet(60_000).then(() => (quiet = true));
    await new Promise((done) => setTimeout(done, 20));
    expect(quiet).toBe(false);
    finish();
    expect((await answer).status).toBe(200);
    await waiter;
    expect(activity.inFlight()).toBe(0);
  });

  it('lets a waiter go after its longest wait even if a request never ends', async () => {
    const activity = apiActivityCounter();
    activity.started();
    const started = performance.now();
    await activity.quiet(40);
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    expect(activity.inFlight()).toBe(1);
  });
});
