import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChaosDropError } from '../../server/http/chaos.ts';
import { defaultRateLimits } from '../../server/services/rate-limit.ts';
import { call, form, PNG_1PX, signUp, uniqueEmail, type Account } from './support/api-client.ts';
import { freshDb, manualClock, startTestApp, type TestApp } from './support/test-app.ts';

let shared: Awaited<ReturnType<typeof freshDb>>;
let a: TestApp;
let b: TestApp;
let account: Account;
const clock = manualClock();
const limits = {
  ...defaultRateLimits,
  loginPerIp: { max: 4, windowSeconds: 60 },
  reportPerIp: { max: 3, windowSeconds: 600 },
  registerPerAccount: { max: 2, windowSeconds: 600 },
  verifyPerAccount: { max: 3, windowSeconds: 600 },
  resendPerAccount: { max: 2, windowSeconds: 3600 },
};

// Two API instances on one database, as behind a load balancer.
beforeAll(async () => {
  shared = await freshDb();
  const config = { trustProxy: true };
  a = await startTestApp({ db: shared.db, clock, limits, config });
  b = await startTestApp({ db: shared.db, clock, limits, config });
  account = await signUp(a.app, 'business');
});
afterAll(() => shared.drop());

// The dev mailbox never shows the support inbox; both instances share this database.
const supportMails = async (_app: TestApp['app']) =>
  (
    await shared.db.query<{ text: string }>(
      `SELECT body AS "text" FROM mail_queue WHERE recipient = 'support@example.com' ORDER BY id`,
    )
  ).rows;

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and does not create twice, across instances', async () => {
    const key = crypto.randomUUID();
    const send = (app: TestApp['app']) =>
      call(app, 'POST', '/api/events/create/', {
        token: account.access,
        headers: { 'Idempotency-Key': key },
        form: form({ title: 'Exactly once' }),
      });
    const first = await send(a.app);
    const second = await send(b.app);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const listed = await call(a.app, 'GET', '/api/events/user/', { token: account.access });
    expect(listed.body.filter((e: { title: string }) => e.title === 'Exactly once')).toHaveLength(1);
  });

  it('applies a delete once and replays its 204', async () => {
    const created = await call(a.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Bye' }),
    });
    const key = crypto.randomUUID();
    const del = () =>
      call(b.app, 'DELETE', `/api/events/${created.body.id}/delete/`, {
        token: account.access,
        headers: { 'Idempotency-Key': key },
      });
    expect((await del()).status).toBe(204);
    expect((await del()).status).toBe(204);
  });

  it('a repeated save with a new cover stores no file, removes none, and counts against no limit', async () => {
    const created = await call(a.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Cover once', cover_image: new File([PNG_1PX], 'a.png', { type: 'image/png' }) }),
    });
    const key = crypto.randomUUID();
    const save = (app: TestApp['app']) =>
      call(app, 'PUT', `/api/events/${created.body.id}/update/`, {
        token: account.access,
        headers: { 'Idempotency-Key': key },
        form: form({ title: 'Cover twice?', cover_image: new File([PNG_1PX], 'b.png', { type: 'image/png' }) }),
      });
    const files = async () =>
      (await shared.db.query<{ name: string }>('SELECT name FROM stored_images ORDER BY name')).rows.map((r) => r.name);
    const writesCounted = async () =>
      (
        await shared.db.query<{ hits: number }>(
          "SELECT r.hits FROM rate_limits r JOIN users u ON r.bucket = 'write:day:' || u.id WHERE u.email = $1",
          [account.email],
        )
      ).rows[0]?.hits;
    const first = await save(a.app);
    expect(first.status).toBe(200);
    const filesAfterFirst = await files();
    const countedAfterFirst = await writesCounted();

    // The same instance: with PGlite its images are files in its own data directory.
    const repeat = await save(a.app);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(await files()).toEqual(filesAfterFirst); // no new file, and the first's cover is still recorded
    expect(await writesCounted()).toBe(countedAfterFirst);
    const served = await a.app.request(new URL(first.body.cover_image as string).pathname);
    expect(served.status).toBe(200);
  });

  it('answers two copies of one save sent at once with one write, whichever instance each reaches', async () => {
    const created = await call(a.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Raced' }),
    });
    const key = crypto.randomUUID();
    const save = (app: TestApp['app']) =>
      call(app, 'PUT', `/api/events/${created.body.id}/update/`, {
        token: account.access,
        headers: { 'Idempotency-Key': key, 'If-Match': '1' },
        form: form({ title: 'Raced, saved once' }),
      });
    const answers = await Promise.all([save(a.app), save(b.app)]);
    const statuses = answers.map((r) => r.status).sort();
    // PostgreSQL: the second waits for the first's claim and replays its answer.
    // PGlite (one connection per instance, two instances): the second may find the first still running.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const saved = answers.find((r) => r.status === 200)!;
    expect(saved.body.version).toBe(2);
    const stored = await call(a.app, 'GET', `/api/events/${created.body.id}/`, { token: account.access });
    expect(stored.body.version).toBe(2);
    expect(stored.body.title).toBe('Raced, saved once');
  });

  it('keys are per user: another user with the same key gets their own result', async () => {
    const key = crypto.randomUUID();
    const other = await signUp(a.app, 'subpromoter');
    const mine = await call(a.app, 'POST', '/api/events/create/', {
      token: account.access,
      headers: { 'Idempotency-Key': key },
      form: form({ title: 'Mine' }),
    });
    const theirs = await call(a.app, 'POST', '/api/events/create/', {
      token: other.access,
      headers: { 'Idempotency-Key': key },
      form: form({ title: 'Theirs' }),
    });
    expect(theirs.body.title).toBe('Theirs');
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('forgets keys after 24 hours', async () => {
    const key = crypto.randomUUID();
    const send = () =>
      call(a.app, 'POST', '/api/events/create/', {
        token: account.access,
        headers: { 'Idempotency-Key': key },
        form: form({ title: 'Daily' }),
      });
    const first = await send();
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const fresh = await signUp(a.app, 'business'); // the old access token has expired by now
    account = fresh;
    const later = await call(a.app, 'POST', '/api/events/create/', {
      token: fresh.access,
      headers: { 'Idempotency-Key': key },
      form: form({ title: 'Daily' }),
    });
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
  });

  it('mails SUPPORT_EMAIL exactly once per accepted issue report, even when the report is sent twice', async () => {
    const before = (await supportMails(a.app)).length;
    const key = crypto.randomUUID();
    const message = `Checkout button does nothing ${key}`;
    const report = (app: TestApp['app']) =>
      call(app, 'POST', '/api/auth/report-issue/', {
        json: { email: 'reader@example.org', message },
        headers: { 'Idempotency-Key': key, 'X-Forwarded-For': '10.0.0.9' },
      });
    const first = await report(a.app);
    const second = await report(b.app);
    expect(first.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const mails = await supportMails(b.app);
    expect(mails.length - before).toBe(1);
    expect(mails.at(-1)!.text).toContain(message);
  });
});

describe('rate limits', () => {
  it('limit logins per IP across instances with 429 and Retry-After', async () => {
    const headers = { 'X-Forwarded-For': '203.0.113.7' };
    const attempt = (app: TestApp['app']) =>
      call(app, 'POST', '/api/auth/login/', { json: { email: uniqueEmail(), password: 'wrong-password' }, headers });
    const statuses = [];
    for (const app of [a.app, b.app, a.app, b.app, a.app]) statuses.push((await attempt(app)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const limited = await attempt(b.app);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.detail).toMatch(/Too many attempts/);
    // Another address is not affected; the window passes.
    expect(
      (
        await call(a.app, 'POST', '/api/auth/login/', {
          json: { email: 'x@example.org', password: 'p' },
          headers: { 'X-Forwarded-For': '203.0.113.8' },
        })
      ).status,
    ).toBe(401);
    clock.advance(61_000);
    expect((await attempt(a.app)).status).toBe(401);
  });

  it('limit failed logins per account, whatever the IP', async () => {
    const target = await signUp(a.app, 'business');
    for (let i = 0; i < defaultRateLimits.loginFailuresPerAccount.max; i++) {
      await call(i % 2 ? a.app : b.app, 'POST', '/api/auth/login/', {
        json: { email: target.email, password: 'guess-' + i },
        headers: { 'X-Forwarded-For': `198.51.100.${i}` },
      });
    }
    const right = await call(a.app, 'POST', '/api/auth/login/', {
      json: { email: target.email, password: target.password },
      headers: { 'X-Forwarded-For': '198.51.100.200' },
    });
    expect(right.status).toBe(429);
  });

  it('limit register, verify and resend per account across instances', async () => {
    const email = uniqueEmail();
    const json = { email, password: 'password-1', display_name: 'limited', user_type: 'business' };
    const headers = { 'X-Forwarded-For': '192.0.2.77' };
    const register = [];
    for (const app of [a.app, b.app, a.app])
      register.push((await call(app, 'POST', '/api/auth/register/', { json, headers })).status);
    // A pending registration is replaced by the next one (nobody can pre-claim an address), not refused.
    expect(register).toEqual([201, 201, 429]);

    const verify = [];
    for (const app of [a.app, b.app, a.app, b.app]) {
      verify.push(
        (await call(app, 'POST', '/api/auth/verify-email/', { json: { email, code: '0000' }, headers })).status,
      );
    }
    expect(verify.slice(0, 3).every((status) => status === 400)).toBe(true);
    expect(verify[3]).toBe(429);

    const resend = [];
    for (const app of [a.app, b.app, a.app]) {
      resend.push((await call(app, 'POST', '/api/auth/resend_verification/', { json: { email }, headers })).status);
      clock.advance(31_000);
    }
    expect(resend).toEqual([200, 200, 429]);
  });

  it('limit issue reports per IP', async () => {
    const headers = { 'X-Forwarded-For': '192.0.2.55' };
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await call(i % 2 ? a.app : b.app, 'POST', '/api/auth/report-issue/', {
            json: { message: `Report number ${i} here` },
            headers,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('do not stick to an Idempotency-Key: the retry after the window is served for real', async () => {
    const headers = { 'X-Forwarded-For': '192.0.2.56', 'Idempotency-Key': crypto.randomUUID() };
    for (let i = 0; i < 3; i++) {
      await call(a.app, 'POST', '/api/auth/report-issue/', {
        json: { message: `Filling the window ${i}` },
        headers: { 'X-Forwarded-For': '192.0.2.56' },
      });
    }
    const limited = await call(a.app, 'POST', '/api/auth/report-issue/', {
      json: { message: 'Queued while offline' },
      headers,
    });
    expect(limited.status).toBe(429);
    clock.advance(Number(limited.headers.get('retry-after')) * 1000);
    const retried = await call(b.app, 'POST', '/api/auth/report-issue/', {
      json: { message: 'Queued while offline' },
      headers,
    });
    expect(retried.status).toBe(201);
  });
});

describe('CHAOS', () => {
  it('error: answers writes 503 before applying them; reads and login are spared', async () => {
    const chaotic = await startTestApp({ db: shared.db, clock, config: { chaos: 'error=1' } });
    const owner = await signUp(chaotic.app, 'business');
    const before = (await call(chaotic.app, 'GET', '/api/events/user/', { token: owner.access })).body.length;
    const res = await call(chaotic.app, 'POST', '/api/events/create/', {
      token: owner.access,
      form: form({ title: 'Never' }),
    });
    expect(res.status).toBe(503);
    expect(res.body.detail).toEqual(expect.any(String));
    expect((await call(chaotic.app, 'GET', '/api/events/user/', { token: owner.access })).body).toHaveLength(before);
  });

  it('drop: applies the write and loses the response; the retry with the same key replays it', async () => {
    const dropping = await startTestApp({ db: shared.db, clock, config: { chaos: 'drop=1' } });
    const owner = await signUp(a.app, 'business');
    const key = crypto.randomUUID();
    const send = (app: TestApp['app']) =>
      call(app, 'POST', '/api/events/create/', {
        token: owner.access,
        headers: { 'Idempotency-Key': key },
        form: form({ title: 'Dropped' }),
      });
    await expect(send(dropping.app)).rejects.toBeInstanceOf(ChaosDropError);
    const retry = await send(a.app);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const listed = await call(a.app, 'GET', '/api/events/user/', { token: owner.access });
    expect(listed.body.filter((e: { title: string }) => e.title === 'Dropped')).toHaveLength(1);
  });

  it('latency: delays every API request', async () => {
    const slow = await startTestApp({ db: shared.db, clock, config: { chaos: 'latency=120' } });
    const started = performance.now();
    await call(slow.app, 'GET', '/api/health');
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });
});
