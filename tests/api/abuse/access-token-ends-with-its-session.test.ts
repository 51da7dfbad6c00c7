/**
 * Access tokens name their session (refresh-token
 * family); after logout — or a password reset — the access token stops
 * working at once instead of living on until it expires. Tokens minted
 * before sessions were named are refused cleanly (401, so the client refreshes).
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form, signUp } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('an access token after logout', () => {
  it('no longer reads or writes', async () => {
    const account = await signUp(t.app);
    const other = await call(t.app, 'POST', '/api/auth/login/', {
      json: { email: account.email, password: account.password },
    });
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: account.access })).status).toBe(200);

    expect((await call(t.app, 'POST', '/api/auth/logout/', { json: { refresh: account.refresh } })).status).toBe(200);
    const write = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'After logout', start_date: '2030-01-01' }),
    });
    expect(write.status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: account.access })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/events/user/', { token: account.access })).status).toBe(401);
    // The other device's session is its own and lives on.
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: other.body.access })).status).toBe(200);
  });

  it('from a refreshed pair is tied to the same session', async () => {
    const account = await signUp(t.app);
    const refreshed = await call(t.app, 'POST', '/api/auth/refresh/', { json: { refresh: account.refresh } });
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: refreshed.body.access })).status).toBe(200);
    await call(t.app, 'POST', '/api/auth/logout/', { json: { refresh: refreshed.body.refresh } });
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: refreshed.body.access })).status).toBe(401);
  });
});

describe('a token minted before sessions were named', () => {
  it('is refused with a plain 401, never a 5xx', async () => {
    const account = await signUp(t.app);
    const profile = await call(t.app, 'GET', '/api/auth/profile/', { token: account.access });
    const legacy = await new SignJWT({ typ: 'access', ut: 'business' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(profile.body.id))
      .setIssuer('roamly')
      .setIssuedAt(Math.floor(t.clock.now() / 1000))
      .setExpirationTime(Math.floor(t.clock.now() / 1000) + 900)
      .sign(new TextEncoder().encode(t.config.jwtSecret!));
    const res = await call(t.app, 'GET', '/api/auth/profile/', { token: legacy });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });
});
