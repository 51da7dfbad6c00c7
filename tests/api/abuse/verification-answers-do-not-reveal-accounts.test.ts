/**
 * Resend_verification and verify-email answer an
 * email with no account, a verified one and a pending one alike, so neither
 * can be used to find out who has an account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode, signUp, uniqueEmail } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const resend = (email: string) => call(t.app, 'POST', '/api/auth/resend_verification/', { json: { email } });
const verify = (email: string, code: string) =>
  call(t.app, 'POST', '/api/auth/verify-email/', { json: { email, code } });

async function threeKinds() {
  const verified = (await signUp(t.app)).email;
  const pending = uniqueEmail('pending');
  const registered = await call(t.app, 'POST', '/api/auth/register/', {
    json: { email: pending, password: 'pending-password', display_name: 'pending', user_type: 'business' },
  });
  expect(registered.status).toBe(201);
  return { none: uniqueEmail('none'), verified, pending, code: await latestCode(t.app, pending) };
}

const shape = (res: { status: number; body: unknown; headers: Headers }) => ({
  status: res.status,
  body: res.body,
  retryAfter: res.headers.get('retry-after'),
});

describe('resend_verification', () => {
  it('answers the same (product §8 text) for no account, a verified one and a pending one, cooldown included', async () => {
    const { none, verified, pending } = await threeKinds();
    const first = await Promise.all([none, verified, pending].map(resend));
    for (const res of first) {
      expect(shape(res)).toEqual({
        status: 200,
        body: { detail: 'Verification code resent. Please check your inbox.' },
        retryAfter: null,
      });
    }
    const again = (await Promise.all([none, verified, pending].map(resend))).map(shape);
    expect(again[0]!.status).toBe(429);
    expect(again[1]).toEqual(again[0]);
    expect(again[2]).toEqual(again[0]);
  });
});

describe('verify-email', () => {
  it('answers a wrong code the same for no account, a verified one and a pending one, lock-out included', async () => {
    const { none, verified, pending, code } = await threeKinds();
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 6; i++) {
      const answers = (await Promise.all([none, verified, pending].map((email) => verify(email, wrong)))).map(shape);
      expect(answers[0]!.status).toBe(400);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }
  });

  it('does not tell a prober that a pending registration’s code has expired', async () => {
    const { none, pending, code } = await threeKinds();
    t.clock.advance(10 * 60 * 1000 + 1);
    const wrong = code === '0000' ? '1111' : '0000';
    expect(shape(await verify(pending, wrong))).toEqual(shape(await verify(none, wrong)));
    // Whoever holds the real code learns it is too old.
    expect((await verify(pending, code)).body.detail).toMatch(/expired/);
  });
});
