/**
 * A validly signed access token of a user
 * who no longer exists is a 401 on every endpoint that needs a sign-in (once
 * the session check's 2 s memory has passed), and never a foreign-key 500
 * anywhere, not even inside that window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form, signUp } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the token of a deleted user', () => {
  it('is refused with 401 everywhere a sign-in is needed, and nothing answers 5xx', async () => {
    const account = await signUp(t.app);
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Before deletion', start_date: '2030-01-01' }),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await t.db.query('DELETE FROM users WHERE lower(email) = $1', [account.email]);
    const token = account.access;

    // No endpoint deletes accounts: this deletion happened behind the API's
    // back, so the 2 s the session check remembers a live session may pass
    // first. Meanwhile, no request may answer 5xx (a foreign key to the gone user).
    const duringTheWindow = await Promise.all([
      call(t.app, 'POST', '/api/events/create/', { token, form: form({ title: 'Ghost', start_date: '2030-01-01' }) }),
      call(t.app, 'PATCH', '/api/auth/profile/', { token, form: form({ bio: 'still here?' }) }),
      call(t.app, 'POST', '/api/auth/report-issue/', { token, json: { message: 'A report from a deleted account' } }),
      call(t.app, 'GET', '/api/auth/profile/', { token }),
    ]);
    for (const res of duringTheWindow) {
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    t.clock.advance(2_001);

    const protectedCalls = [
      call(t.app, 'GET', '/api/auth/profile/', { token }),
      call(t.app, 'PATCH', '/api/auth/profile/', { token, form: form({ bio: 'still here?' }) }),
      call(t.app, 'GET', '/api/events/user/', { token }),
      call(t.app, 'GET', `/api/events/${id}/`, { token }),
      call(t.app, 'POST', '/api/events/create/', { token, form: form({ title: 'Ghost event' }) }),
      call(t.app, 'PUT', `/api/events/${id}/update/`, { token, form: form({ title: 'Ghost edit' }) }),
      call(t.app, 'DELETE', `/api/events/${id}/delete/`, { token }),
      call(t.app, 'POST', '/api/events/create/', {
        token,
        form: form({ title: 'Ghost', start_date: '2030-01-01' }),
        headers: { 'Idempotency-Key': 'ghost-key-1' },
      }),
      call(t.app, 'POST', '/api/auth/password/change/', {
        token,
        json: { current_password: account.password, new_password: 'another-password-1' },
      }),
      call(t.app, 'POST', '/api/auth/email/change/', {
        token,
        json: { new_email: 'ghost@example.org', current_password: account.password },
      }),
    ];
    for (const res of await Promise.all(protectedCalls)) {
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    const report = await call(t.app, 'POST', '/api/auth/report-issue/', {
      token,
      json: { message: 'A report from a deleted account' },
    });
    expect(report.status).toBeLessThan(500);
    expect((await call(t.app, 'POST', '/api/auth/refresh/', { json: { refresh: account.refresh } })).status).toBe(401);
  });
});
