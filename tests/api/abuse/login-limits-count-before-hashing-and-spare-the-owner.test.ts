/**
 * Login attempts are counted atomically before the slow
 * password hash (so parallel guesses cannot get more checks than the limit),
 * and the limits are per account + IP plus a slower global per account, so a
 * lock-out aimed at a victim does not stop the victim signing in from their
 * own device. The scheme and its numbers: server/services/rate-limit.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../../server/services/rate-limit.ts';
import { call, signUp, type Account } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { trustProxy: true } });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  call(t.app, 'POST', '/api/auth/login/', { json: { email, password }, headers: { 'X-Forwarded-For': ip } });

// The documented numbers (SECURITY.md); the first test pins the policy to them.
const perAccountIp = 10;
const perAccount = 50;

describe('login limits', () => {
  it('are 10 failures per account + IP per 15 minutes and 50 per account per hour', () => {
    expect(defaultRateLimits.loginFailuresPerAccountIp).toEqual({ max: perAccountIp, windowSeconds: 15 * 60 });
    expect(defaultRateLimits.loginFailuresPerAccount).toEqual({ max: perAccount, windowSeconds: 60 * 60 });
  });

  it(`check at most ${perAccountIp} of 60 parallel wrong passwords`, async () => {
    const victim = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(victim.email, `guess-number-${i}`, '203.0.113.10')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(perAccountIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - perAccountIp);
    expect(results.find((r) => r.status === 429)!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('do not lock the owner out when one address fails on purpose', async () => {
    const victim = await signUp(t.app);
    for (let i = 0; i < perAccountIp + 5; i++) await login(victim.email, `lockout-${i}`, '203.0.113.20');
    expect((await login(victim.email, victim.password, '203.0.113.20')).status).toBe(429);
    expect((await login(victim.email, victim.password, '198.51.100.1')).status).toBe(200);
  });

  it('stop guessing spread over many addresses, but still let in an address the owner used before', async () => {
    const victim: Account = await signUp(t.app);
    expect((await login(victim.email, victim.password, '198.51.100.77')).status).toBe(200);
    const spread = Array.from({ length: perAccount }, (_, i) => `192.0.2.${i + 1}`);
    for (const [i, ip] of spread.entries()) expect((await login(victim.email, `spread-${i}`, ip)).status).toBe(401);

    const stranger = await login(victim.email, victim.password, '192.0.2.250');
    expect(stranger.status).toBe(429);
    expect((await login(victim.email, victim.password, '198.51.100.77')).status).toBe(200);
  });

  it('give a right password its count back, so the owner’s own sign-ins never lock them out', async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < perAccountIp + 5; i++) {
      expect((await login(owner.email, owner.password, '198.51.100.99')).status).toBe(200);
    }
  });
});
