/**
 * Profile PATCH refuses a date of birth under 18 with
 * the same 400 and message as register (product §1: adults only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, form, signUp, uniqueEmail } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const yearsAgo = (years: number, days = 0) => {
  const now = new Date(t.clock.now());
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
};

describe('profile date of birth', () => {
  it('under 18 is refused like at registration; 18 today is fine', async () => {
    const account = await signUp(t.app);
    const minor = yearsAgo(18, 1);
    const atRegister = await call(t.app, 'POST', '/api/auth/register/', {
      json: {
        email: uniqueEmail('young'),
        password: 'young-password',
        display_name: 'young',
        user_type: 'business',
        date_of_birth: minor,
      },
    });
    expect(atRegister.status).toBe(400);

    const patched = await call(t.app, 'PATCH', '/api/auth/profile/', {
      token: account.access,
      form: form({ date_of_birth: minor }),
    });
    expect(patched.status).toBe(400);
    expect(patched.body.detail).toBe(atRegister.body.detail);
    expect(patched.body.errors.date_of_birth).toEqual(atRegister.body.errors.date_of_birth);
    expect((await call(t.app, 'GET', '/api/auth/profile/', { token: account.access })).body.date_of_birth).toBeNull();

    const adult = await call(t.app, 'PATCH', '/api/auth/profile/', {
      token: account.access,
      json: { date_of_birth: yearsAgo(18) },
    });
    expect(adult.status).toBe(200);
    expect(adult.body.date_of_birth).toBe(yearsAgo(18));
  });
});
