/**
 * Wrong reset codes and forgot requests from rotating
 * addresses used to lock the owner out of recovery (the right code answered
 * 429 for 24 h, forgot answered 429 for an hour, renewable). Guesses are now
 * bounded per code (5 burn it) and codes per stranger per day; the owner's
 * own address (one it signed in from) always gets a code, and the right
 * code always works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode, signUp } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Behind one trusted proxy: X-Forwarded-For names the caller. Without it the caller is the owner's
  // own address (the one signUp verified from).
  t = await startTestApp({ config: { trustProxy: true } });
});
afterAll(() => t.close());

const post = (path: string, json: unknown, ip?: string) =>
  call(t.app, 'POST', `/api/auth/${path}`, { json, ...(ip ? { headers: { 'X-Forwarded-For': ip } } : {}) });
let stranger = 0;
const strangerIp = () => `203.0.113.${(stranger += 1) % 250}`;

describe('password recovery under attack', () => {
  it('strangers’ forgot requests and wrong codes never lock the owner out', async () => {
    const owner = await signUp(t.app);
    const forgotStatuses: number[] = [];
    let wrongTries = 0;
    for (let round = 0; round < 8; round++) {
      t.clock.advance(31_000);
      const asked = await post('password/forgot/', { email: owner.email }, strangerIp());
      forgotStatuses.push(asked.status);
      for (let i = 0; i < 5; i++) {
        const guess = await post(
          'password/reset/',
          { email: owner.email, code: '0000', password: 'stolen-pass-1' },
          strangerIp(),
        );
        expect([400, 429]).toContain(guess.status);
        wrongTries += 1;
      }
    }
    expect(wrongTries).toBe(40);
    // Strangers get a few codes a day, then a 429 of their own.
    expect(forgotStatuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(forgotStatuses.slice(4)).toContain(429);

    // The owner, from an address the account signed in from, still gets a code, and it works.
    t.clock.advance(31_000);
    expect((await post('password/forgot/', { email: owner.email })).status).toBe(200);
    const code = await latestCode(t.app, owner.email);
    const reset = await post('password/reset/', { email: owner.email, code, password: 'owner-new-pass-1' });
    expect(reset.status).toBe(200);
  });

  it('the holder of the right code is not refused after strangers’ wrong tries on it', async () => {
    const owner = await signUp(t.app);
    t.clock.advance(31_000);
    expect((await post('password/forgot/', { email: owner.email })).status).toBe(200);
    const code = await latestCode(t.app, owner.email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) {
      expect(
        (await post('password/reset/', { email: owner.email, code: wrong, password: 'x-password-1' }, strangerIp()))
          .status,
      ).toBe(400);
    }
    const reset = await post(
      'password/reset/',
      { email: owner.email, code, password: 'owner-new-pass-2' },
      strangerIp(),
    );
    expect(reset.status).toBe(200);
  });

  it('a code is burnt by 5 wrong tries: guesses are bounded per code', async () => {
    const owner = await signUp(t.app);
    t.clock.advance(31_000);
    expect((await post('password/forgot/', { email: owner.email })).status).toBe(200);
    const code = await latestCode(t.app, owner.email);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++)
      await post('password/reset/', { email: owner.email, code: wrong, password: 'x-password-1' }, strangerIp());
    const late = await post(
      'password/reset/',
      { email: owner.email, code, password: 'owner-new-pass-3' },
      strangerIp(),
    );
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe('Too many wrong codes. Please ask for a new one.');
  });
});
