/**
 * Followers (contract §11): anyone follows a promoter, a venue or an event by
 * push or by email, and hears of new events and of changes — by a push the
 * way a browser receives it (VAPID-signed for the push service, aes128gcm
 * for the subscription's keys), or by a mail carrying RFC 8058 unsubscribe
 * headers once its address has confirmed. The push service here is the
 * test's own, on 127.0.0.1 (PUSH_ALLOW_LOCAL); without that setting such an
 * endpoint, or any that is not https on a public address, is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, ConfigError } from '../../server/config.ts';
import { followerDeliveries, type FollowerDeliveries } from '../../server/services/followers/deliveries.ts';
import { vapidKeys } from '../../server/services/followers/vapid-keys.ts';
import { silentLogger } from '../../server/services/logger.ts';
import { consoleMailer } from '../../server/services/mail.ts';
import { mailQueue, type MailQueue } from '../../server/services/mail-queue.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import {
  browserSubscription,
  decryptPush,
  startPushService,
  verifyVapid,
  type BrowserSubscription,
  type FakePushService,
} from './support/push-service.ts';
import { freshDb, manualClock, startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
let owned: Awaited<ReturnType<typeof freshDb>>;
let t: TestApp;
let mail: MailQueue;
let deliveries: FollowerDeliveries;
/** While set, the app's kick after a write sends nothing: the notices wait in the queue. */
let paused = false;
let pushService: FakePushService;
let promoter: Account;
let publicKey: string;

const base = {
  title: 'Rooftop Jazz',
  location_name: 'Peckham, London',
  latitude: '51.4740',
  longitude: '-0.0690',
  start_date: '2027-03-06',
  start_time: '20:00',
  end_time: '23:00',
};

async function create(fields: Record<string, string> = base): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', { token: promoter.access, form: form(fields) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function update(id: number, fields: Record<string, string>): Promise<void> {
  const res = await call(t.app, 'PUT', `/api/events/${id}/update/`, { token: promoter.access, form: form(fields) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

let endpoints = 0;
function subscription(): BrowserSubscription {
  endpoints += 1;
  return browserSubscription(`${pushService.origin}/push/${endpoints}`);
}

async function followByPush(target: string, sub: BrowserSubscription) {
  return call(t.app, 'POST', '/api/follows/', {
    json: { target, channel: 'push', subscription: { endpoint: sub.endpoint, keys: sub.keys } },
  });
}

/** The pushes sent to `sub`, checked as its browser and push service would, decrypted. */
async function pushesTo(sub: BrowserSubscription): Promise<{ title: string; body: string; url: string }[]> {
  const path = new URL(sub.endpoint).pathname;
  const mine = pushService.requests.filter((request) => request.path === path);
  const payloads = [];
  for (const request of mine) {
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const claims = await verifyVapid(String(request.headers.authorization), publicKey, pushService.origin);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    payloads.push(JSON.parse(decryptPush(sub, request.body)) as { title: string; body: string; url: string });
  }
  return payloads;
}

async function mailbox(email: string) {
  const res = await call(t.app, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  return res.body.messages as { subject: string; text: string; headers?: Record<string, string> }[];
}

async function followCount(): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM follows');
  return rows[0]!.n;
}

beforeAll(async () => {
  pushService = await startPushService();
  owned = await freshDb();
  const clock = manualClock(Date.UTC(2027, 2, 5, 12, 0, 0));
  mail = mailQueue({ db: owned.db, transport: consoleMailer({ log: () => {} }), now: clock.now, logger: silentLogger });
  deliveries = followerDeliveries({
    db: owned.db,
    mail,
    keys: vapidKeys(owned.db),
    publicUrl: PUBLIC_URL,
    mailFrom: 'no-reply@listings.roamly.test',
    allowLocal: true,
    now: clock.now,
    logger: silentLogger,
    pollMs: 3_600_000,
    // What each write tells is sent at the next drain here (bursts: followers-are-not-flooded.test.ts).
    settleMs: 0,
  });
  t = await startTestApp({
    db: owned.db,
    clock,
    config: { publicUrl: PUBLIC_URL, pushAllowLocal: true },
    deps: {
      mailQueue: mail,
      followerDeliveries: { ...deliveries, kick: () => void (paused || deliveries.kick()) },
    },
  });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'rooftop.crew' });
  const key = await call(t.app, 'GET', '/api/push/key/');
  expect(key.status).toBe(200);
  publicKey = key.body.public_key;
});
afterAll(async () => {
  await deliveries?.stop();
  await mail?.stop();
  await pushService?.close();
  await owned?.drop();
});

describe('the VAPID key', () => {
  it('is a P-256 public key, kept in the database: a second instance answers the same one', async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const second = await startTestApp({ db: t.db, config: { publicUrl: PUBLIC_URL } });
    expect((await call(second.app, 'GET', '/api/push/key/')).body.public_key).toBe(publicKey);
  });
});

describe('by push', () => {
  it('cancelling a followed event sends one push, however many changes came before it was sent', async () => {
    const id = await create();
    const sub = subscription();
    const followed = await followByPush(`event:${id}`, sub);
    expect(followed.status, JSON.stringify(followed.body)).toBe(201);
    expect(followed.body.unsubscribe_url).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/follows/${followed.body.id}/unsubscribe/\\?token=[A-Za-z0-9_-]{20,}$`),
    );

    // Two changes while the worker is busy elsewhere: one notice, telling the latest.
    paused = true;
    try {
      await update(id, { sold_out: 'true' });
      await update(id, { status: 'cancelled', status_note: 'The roof failed its safety check.' });
    } finally {
      paused = false;
    }
    expect(await pushesTo(sub)).toEqual([]);
    await deliveries.drain();

    expect(await pushesTo(sub)).toEqual([
      {
        title: 'Rooftop Jazz',
        body: 'Cancelled. The roof failed its safety check.',
        url: `${PUBLIC_URL}/e/${id}/rooftop-jazz`,
      },
    ]);
    await deliveries.drain();
    expect(await pushesTo(sub)).toHaveLength(1);
  });

  it("a promoter's followers hear of a newly published event; a draft tells nobody", async () => {
    const sub = subscription();
    expect((await followByPush('promoter:Rooftop.Crew', sub)).status).toBe(201);
    const draft = await create({ ...base, title: 'Secret set', status: 'draft' });
    await deliveries.drain();
    expect(await pushesTo(sub)).toEqual([]);

    await update(draft, { status: 'published' });
    await deliveries.drain();
    const [pushed] = await pushesTo(sub);
    expect(pushed).toMatchObject({ title: 'Secret set', url: `${PUBLIC_URL}/e/${draft}/secret-set` });
    expect(pushed!.body).toMatch(/^New: 2027-03-06 at 20:00/);
  });

  it('"Remind me" follows get one reminder the day before', async () => {
    const id = await create({ ...base, title: 'Tomorrow night' });
    const sub = subscription();
    expect((await followByPush(`event:${id}`, sub)).status).toBe(201);
    // The clock reads 2027-03-05, the day before.
    expect(await deliveries.remind()).toBeGreaterThanOrEqual(1);
    expect(await deliveries.remind()).toBe(0);
    await deliveries.drain();
    const pushed = await pushesTo(sub);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.body).toMatch(/^Tomorrow: 2027-03-06 at 20:00/);
  });

  it('a 404 or 410 from the push service ends the subscription: its follows are deleted', async () => {
    const id = await create({ ...base, title: 'Gone phone' });
    const sub = subscription();
    expect((await followByPush(`event:${id}`, sub)).status).toBe(201);
    expect((await followByPush('promoter:rooftop.crew', sub)).status).toBe(201);
    const before = await followCount();
    const path = new URL(sub.endpoint).pathname;
    pushService.answer(path, 410);
    await update(id, { status: 'postponed' });
    await deliveries.drain();
    expect(await followCount()).toBe(before - 2);
    await update(id, { status: 'published' });
    await deliveries.drain();
    expect(pushService.requests.filter((request) => request.path === path)).toHaveLength(1);
  });

  it('a write answers at once and its push follows with the next poll, within seconds', async () => {
    const id = await create({ ...base, title: 'Prompt' });
    const sub = subscription();
    expect((await followByPush(`event:${id}`, sub)).status).toBe(201);
    await update(id, { sold_out: 'true' });
    const path = new URL(sub.endpoint).pathname;
    // Nothing is sent while the write is answered; the worker's next poll (here, by hand) sends it.
    expect(pushService.requests.filter((r) => r.path === path)).toHaveLength(0);
    await deliveries.drain();
    await expect.poll(() => pushService.requests.filter((r) => r.path === path).length, { timeout: 5_000 }).toBe(1);
    expect((await pushesTo(sub))[0]!.body).toMatch(/^Sold out\./);
  });

  it('a POST to unsubscribe_url ends the follow; the link then ends nothing', async () => {
    const id = await create({ ...base, title: 'Changed my mind' });
    const sub = subscription();
    const followed = await followByPush(`event:${id}`, sub);
    const path = new URL(followed.body.unsubscribe_url).pathname + new URL(followed.body.unsubscribe_url).search;
    // A GET (a link scanner) ends nothing.
    expect((await t.app.request(path)).status).toBe(200);
    expect((await t.app.request(path, { method: 'POST' })).status).toBe(200);
    expect((await t.app.request(path, { method: 'POST' })).status).toBe(404);
    await update(id, { status: 'cancelled' });
    await deliveries.drain();
    expect(await pushesTo(sub)).toEqual([]);
  });

  it('a notice queued before a restart is sent by the next process', async () => {
    const id = await create({ ...base, title: 'Restarted' });
    const sub = subscription();
    expect((await followByPush(`event:${id}`, sub)).status).toBe(201);
    paused = true;
    try {
      await update(id, { status: 'postponed', status_note: 'Next month.' });
    } finally {
      paused = false;
    }
    const next = followerDeliveries({
      db: t.db,
      mail,
      keys: vapidKeys(t.db),
      publicUrl: PUBLIC_URL,
      mailFrom: 'no-reply@listings.roamly.test',
      allowLocal: true,
      now: t.clock.now,
      logger: silentLogger,
      pollMs: 3_600_000,
      settleMs: 0,
    });
    try {
      await next.drain();
    } finally {
      await next.stop();
    }
    expect(await pushesTo(sub)).toEqual([
      { title: 'Restarted', body: 'Postponed. Next month.', url: `${PUBLIC_URL}/e/${id}/restarted` },
    ]);
  });

  it('following again with the same subscription renews the follow: one follow, a new link', async () => {
    const id = await create({ ...base, title: 'Again' });
    const sub = subscription();
    const first = await followByPush(`event:${id}`, sub);
    const second = await followByPush(`event:${id}`, sub);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const post = (url: string) => t.app.request(url.replace(PUBLIC_URL, ''), { method: 'POST' });
    expect((await post(first.body.unsubscribe_url)).status).toBe(404);
    expect((await post(second.body.unsubscribe_url)).status).toBe(200);
  });

  it("refuses keys that are not a browser's: 400, nothing stored", async () => {
    const id = await create({ ...base, title: 'Bad keys' });
    const good = subscription();
    const before = await followCount();
    for (const keys of [
      { p256dh: good.keys.p256dh.slice(0, 20), auth: good.keys.auth },
      { p256dh: good.keys.p256dh, auth: good.keys.auth.slice(0, 8) },
      // 65 bytes, the right prefix, not a point of the curve.
      { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'), auth: good.keys.auth },
    ]) {
      const res = await call(t.app, 'POST', '/api/follows/', {
        json: { target: `event:${id}`, channel: 'push', subscription: { endpoint: good.endpoint, keys } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect(await followCount()).toBe(before);
  });

  it('refuses a target nobody can see', async () => {
    const sub = subscription();
    expect((await followByPush('promoter:nobody.here', sub)).status).toBe(404);
    expect((await followByPush('event:999999', sub)).status).toBe(404);
    expect((await followByPush('venue:999999', sub)).status).toBe(404);
  });
});

describe('by email', () => {
  it('sends nothing but the confirmation until its link is opened; then mails carry RFC 8058 unsubscribe headers', async () => {
    const id = await create({ ...base, title: 'Mail me' });
    const email = 'fan@example.org';
    const followed = await call(t.app, 'POST', '/api/follows/', {
      json: { target: `event:${id}`, channel: 'email', email },
    });
    expect(followed.status, JSON.stringify(followed.body)).toBe(202);
    await update(id, { sold_out: 'true' });
    await deliveries.drain();
    await mail.drain();
    let messages = await mailbox(email);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toContain('"Mail me"');
    const link = /https:\/\/\S+\/confirm\/\?token=\S+/.exec(messages[0]!.text)?.[0];
    expect(link).toBeDefined();

    // Opening the link (or a mail scanner fetching it) shows the Confirm button and confirms nothing.
    const path = link!.replace(PUBLIC_URL, '');
    const opened = await t.app.request(path, { headers: { Accept: 'text/html' } });
    expect(opened.status).toBe(200);
    const html = await opened.text();
    expect(html).toMatch(/<form method="post" action="\?token=[^"]+"><button[^>]*>Confirm<\/button>/);
    expect((await t.app.request(path)).status).toBe(200);
    await update(id, { sold_out: 'false' });
    await update(id, { sold_out: 'true' });
    await deliveries.drain();
    expect(await mailbox(email)).toHaveLength(1);

    const confirmed = await t.app.request(path, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect((await t.app.request(path, { method: 'POST' })).status).toBe(404);
    expect((await t.app.request(path)).status).toBe(404);

    await update(id, { status: 'cancelled', status_note: 'Flooded.' });
    await deliveries.drain();
    messages = await mailbox(email);
    expect(messages).toHaveLength(2);
    const notice = messages[1]!;
    expect(notice.text).toContain('Cancelled. Flooded.');
    expect(notice.text).toContain(`${PUBLIC_URL}/e/${id}/mail-me`);
    const unsubscribe = /^<(https:\/\/[^>]+)>$/.exec(notice.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toMatch(/\/api\/follows\/\d+\/unsubscribe\/\?token=/);
    expect(notice.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(notice.text).toContain(unsubscribe);

    // One click from the mail provider: a form POST, no Origin.
    const ended = await t.app.request(unsubscribe!.replace(PUBLIC_URL, ''), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(ended.status).toBe(200);
    await update(id, { status: 'published' });
    await deliveries.drain();
    expect(await mailbox(email)).toHaveLength(2);
  });

  it('following again while confirmed mails nothing more', async () => {
    const id = await create({ ...base, title: 'Twice' });
    const email = 'twice@example.org';
    const follow = () =>
      call(t.app, 'POST', '/api/follows/', { json: { target: `event:${id}`, channel: 'email', email } });
    expect((await follow()).status).toBe(202);
    const link = /https:\/\/\S+\/confirm\/\?token=\S+/.exec((await mailbox(email))[0]!.text)![0];
    // Confirmed with the page's button, from a browser: a page; the API's answers stay JSON.
    const opened = await t.app.request(link.replace(PUBLIC_URL, ''), {
      method: 'POST',
      headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/html/);
    const again = await call(t.app, 'POST', link.replace(PUBLIC_URL, ''));
    expect(again.status).toBe(404);
    expect(typeof again.body.detail).toBe('string');
    expect((await follow()).status).toBe(202);
    expect(await mailbox(email)).toHaveLength(1);
  });
});

describe('Insights', () => {
  it("counts a listing's Followers: its own and its account's, confirmed ones only", async () => {
    const id = await create({ ...base, title: 'Counted' });
    const followers = async () =>
      (await call(t.app, 'GET', `/api/events/${id}/insights/`, { token: promoter.access })).body.followers as number;
    const ofAccount = await followers();
    expect((await followByPush(`event:${id}`, subscription())).status).toBe(201);
    await call(t.app, 'POST', '/api/follows/', {
      json: { target: `event:${id}`, channel: 'email', email: 'unconfirmed@example.org' },
    });
    expect(await followers()).toBe(ofAccount + 1);
    expect((await followByPush('promoter:rooftop.crew', subscription())).status).toBe(201);
    expect(await followers()).toBe(ofAccount + 2);
  });
});

describe('push endpoints', () => {
  it('without PUSH_ALLOW_LOCAL only https:// on public addresses is taken', async () => {
    const strict = await startTestApp({ db: t.db, config: { publicUrl: PUBLIC_URL } });
    const id = await create({ ...base, title: 'Strict' });
    for (const endpoint of [
      `${pushService.origin}/push/strict`,
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://169.254.169.254/latest',
      'https://[::1]/push',
      'https://[::ffff:192.168.0.1]/push',
      'https://localhost/push',
      'ftp://push.example/x',
    ]) {
      const sub = browserSubscription(endpoint);
      const res = await call(strict.app, 'POST', '/api/follows/', {
        json: { target: `event:${id}`, channel: 'push', subscription: { endpoint, keys: sub.keys } },
      });
      expect(res.status, endpoint).toBe(400);
    }
  });

  it('PUSH_ALLOW_LOCAL=1 is refused with NODE_ENV=production', () => {
    expect(() =>
      configFromEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example', PUSH_ALLOW_LOCAL: '1' }),
    ).toThrow(ConfigError);
    expect(configFromEnv({ NODE_ENV: 'development', PUSH_ALLOW_LOCAL: '1' }).pushAllowLocal).toBe(true);
  });
});
