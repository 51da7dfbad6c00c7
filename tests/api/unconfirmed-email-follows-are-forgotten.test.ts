/**
 * An email follow is an address someone typed, maybe not its owner's: if its
 * mailed link is not confirmed within EMAIL_FOLLOW_CONFIRM_DAYS, the link stops
 * working and housekeeping deletes the address; asking again gives a new link
 * and a new week. The confirmation button, an anonymous POST, is limited per
 * address like the other anonymous writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_FOLLOW_CONFIRM_DAYS } from '../../server/services/followers/follows.ts';
import { cleanUp } from '../../server/services/housekeeping.ts';
import { defaultRateLimits } from '../../server/services/rate-limit.ts';
import { call, signUp } from './support/api-client.ts';
import { manualClock, startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
const DAY_MS = 24 * 60 * 60_000;
let t: TestApp;
let target: string;

beforeAll(async () => {
  t = await startTestApp({ clock: manualClock(Date.UTC(2027, 3, 1, 9, 0, 0)), config: { publicUrl: PUBLIC_URL } });
  await signUp(t.app, 'subpromoter', { display_name: 'week.long' });
  target = 'promoter:week.long';
});
afterAll(() => t.close());

async function follow(email: string): Promise<void> {
  const res = await call(t.app, 'POST', '/api/follows/', { json: { target, channel: 'email', email } });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
}

/** The path of the latest confirmation link mailed to `email`. */
async function confirmPath(email: string): Promise<string> {
  const res = await call(t.app, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  const messages = res.body.messages as { text: string }[];
  const text = messages.at(-1)!.text;
  expect(text).toContain(`within ${EMAIL_FOLLOW_CONFIRM_DAYS} days`);
  return /https:\/\/\S+\/confirm\/\?token=\S+/.exec(text)![0].replace(PUBLIC_URL, '');
}

async function follows(email: string): Promise<{ confirmed: boolean }[]> {
  const { rows } = await t.db.query<{ confirmed: boolean }>(
    'SELECT confirmed_at IS NOT NULL AS confirmed FROM follows WHERE email = $1',
    [email],
  );
  return rows;
}

describe('unconfirmed email follows', () => {
  it(`are forgotten ${EMAIL_FOLLOW_CONFIRM_DAYS} days after they were asked for; confirmed ones and renewed ones stay`, async () => {
    await follow('stale@example.org');
    await follow('renewed@example.org');
    const stale = await confirmPath('stale@example.org');
    t.clock.advance(6 * DAY_MS);
    await follow('fresh@example.org');
    // Asked again on day 6: a new link, and a new week from now.
    await follow('renewed@example.org');
    const renewed = await confirmPath('renewed@example.org');
    t.clock.advance(DAY_MS + 60_000);

    // Past its week the link confirms nothing, even before housekeeping runs.
    expect((await t.app.request(stale)).status).toBe(404);
    expect((await t.app.request(stale, { method: 'POST' })).status).toBe(404);
    expect(await follows('stale@example.org')).toEqual([{ confirmed: false }]);

    await cleanUp(t.db, t.clock.now());
    expect(await follows('stale@example.org')).toEqual([]);
    expect(await follows('fresh@example.org')).toEqual([{ confirmed: false }]);
    expect(await follows('renewed@example.org')).toEqual([{ confirmed: false }]);
    expect((await t.app.request(renewed, { method: 'POST' })).status).toBe(200);

    // Confirmed follows stay however old; unconfirmed ones go when their week is over.
    t.clock.advance(30 * DAY_MS);
    await cleanUp(t.db, t.clock.now());
    expect(await follows('renewed@example.org')).toEqual([{ confirmed: true }]);
    expect(await follows('fresh@example.org')).toEqual([]);
  });
});

describe('the confirmation button', () => {
  it('is limited per address, like the other anonymous writes', async () => {
    const limited = await startTestApp({
      config: { trustProxy: true },
      limits: { ...defaultRateLimits, followConfirmsPerIp: { max: 3, windowSeconds: 600 } },
    });
    try {
      const press = (ip: string) =>
        limited.app.request('/api/follows/1/confirm/?token=not-a-token-anyone-was-sent', {
          method: 'POST',
          headers: { 'X-Forwarded-For': ip },
        });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await press('203.0.113.7')).status);
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      // Another address is not held back by this one.
      expect((await press('203.0.113.8')).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
