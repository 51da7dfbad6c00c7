/**
 * Someone who registers a victim's email first must not
 * end up with a password that works once the victim proves the inbox, and
 * unverified registrations must not sit there for ever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp } from '../../../server/services/housekeeping.ts';
import { PENDING_REGISTRATION_TTL_MS } from '../../../server/services/users.ts';
import { call, latestCode, signUp, uniqueEmail } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const register = (email: string, password: string, display_name: string) =>
  call(t.app, 'POST', '/api/auth/register/', {
    json: { email, password, display_name, full_name: display_name, user_type: 'business' },
  });
const login = (email: string, password: string) =>
  call(t.app, 'POST', '/api/auth/login/', { json: { email, password } });
const verify = (email: string, code: string) =>
  call(t.app, 'POST', '/api/auth/verify-email/', { json: { email, code } });

describe('a pending registration of someone else’s email', () => {
  it('is replaced when the owner registers: only the owner’s password works after they verify', async () => {
    const email = uniqueEmail('victim');
    expect((await register(email, 'attacker-password', 'attacker')).status).toBe(201);
    const attackersCode = await latestCode(t.app, email);

    const owner = await register(email, 'owner-password-1', 'owner');
    expect(owner.status).toBe(201);
    const ownersCode = await latestCode(t.app, email);
    if (attackersCode !== ownersCode) expect((await verify(email, attackersCode)).status).toBe(400);

    const verified = await verify(email, ownersCode);
    expect(verified.status).toBe(200);
    expect((await login(email, 'attacker-password')).status).toBe(401);
    expect((await login(email, 'owner-password-1')).status).toBe(200);
    const profile = await call(t.app, 'GET', '/api/auth/profile/', { token: verified.body.access });
    expect(profile.body.display_name).toBe('owner');
  });

  it('still refuses to register an email that is already verified (contract §8)', async () => {
    const account = await signUp(t.app);
    const again = await register(account.email, 'someone-else-1', 'someone');
    expect([400, 409]).toContain(again.status);
    expect((await login(account.email, 'someone-else-1')).status).toBe(401);
    expect((await login(account.email, account.password)).status).toBe(200);
  });
});

describe('unverified registrations', () => {
  it(`expire after ${PENDING_REGISTRATION_TTL_MS / 86_400_000} days: treated as no account, then deleted`, async () => {
    const email = uniqueEmail('stale');
    expect((await register(email, 'stale-password-1', 'stale')).status).toBe(201);
    const code = await latestCode(t.app, email);
    expect((await login(email, 'stale-password-1')).status).toBe(403);

    t.clock.advance(PENDING_REGISTRATION_TTL_MS + 1000);
    const late = await login(email, 'stale-password-1');
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ detail: 'Invalid email or password.' });
    expect((await verify(email, code)).status).toBe(400);

    await cleanUp(t.db, t.clock.now());
    const rows = await t.db.query('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
    expect(rows.rows).toHaveLength(0);

    // The address is free again for whoever can read its inbox.
    expect((await register(email, 'fresh-password-1', 'fresh')).status).toBe(201);
    expect((await verify(email, await latestCode(t.app, email))).status).toBe(200);
    expect((await login(email, 'fresh-password-1')).status).toBe(200);
  });
});
