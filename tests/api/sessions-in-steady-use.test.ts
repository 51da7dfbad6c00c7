/**
 * The session check of a signed-in request (server/http/auth.ts): a session
 * in steady use is checked again in the background, many at a time, instead
 * of one request in every few paying a database round trip of its own; a
 * session ended on another instance still stops working here within 2 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { call, signUp, type Account } from './support/api-client.ts';
import { freshDb, manualClock, startTestApp, type TestApp } from './support/test-app.ts';

let shared: Awaited<ReturnType<typeof freshDb>>;
let a: TestApp;
let b: TestApp;
let account: Account;
const clock = manualClock();
const checks = { single: 0, batched: 0 };

beforeAll(async () => {
  shared = await freshDb();
  // Instance a counts its session checks: one session at a time, or many in one statement.
  const counting: Db = {
    ...shared.db,
    query: (sql, params) => {
      if (sql.includes('FROM refresh_tokens')) checks[sql.includes('unnest') ? 'batched' : 'single']++;
      return shared.db.query(sql, params);
    },
  };
  a = await startTestApp({ db: counting, clock });
  b = await startTestApp({ db: shared.db, clock });
  account = await signUp(b.app, 'business');
});
afterAll(() => shared.drop());

const pause = () => new Promise((resolve) => setTimeout(resolve, 15)); // a background renewal lands
const list = () => call(a.app, 'GET', '/api/events/user/', { token: account.access });

describe('a session in steady use', () => {
  it('is checked once, then renewed in the background; ended elsewhere, it stops working within 2 s', async () => {
    expect((await list()).status).toBe(200);
    expect(checks).toEqual({ single: 1, batched: 0 });

    // Six seconds of a request every 100 ms: three times the 2 s memory.
    for (let i = 0; i < 60; i++) {
      clock.advance(100);
      expect((await list()).status).toBe(200);
      await pause();
    }
    expect(checks.single).toBe(1);
    expect(checks.batched).toBeGreaterThanOrEqual(3);

    const loggedOut = await call(b.app, 'POST', '/api/auth/logout/', { json: { refresh: account.refresh } });
    expect(loggedOut.status).toBe(200);
    const endedAt = clock.now();
    let refusedAt: number | null = null;
    while (refusedAt === null && clock.now() - endedAt <= 3_000) {
      clock.advance(100);
      if ((await list()).status === 401) refusedAt = clock.now();
      await pause();
    }
    expect(refusedAt).not.toBeNull();
    expect(refusedAt! - endedAt).toBeLessThanOrEqual(2_000);
  });
});
