/**
 * Forgot → mailed code
 * → new password, every other session ended; change password and change
 * email (re-verified by a code sent to the new address) when signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode, signUp, uniqueEmail, type Account } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (path: string, json: unknown, token?: string) =>
  call(t.app, 'POST', `/api/auth/${path}`, { json, ...(token ? { token } : {}) });
const login = (email: string, password: string) => post('login/', { email, password });
const mailbox = async (email: string) =>
  (await call(t.app, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`)).body.messages as {
    subject: string;
    text: string;
    code?: string;
  }[];
const profile = (token: string) => call(t.app, 'GET', '/api/auth/profile/', { token });

async function secondSession(account: Account) {
  const other = await login(account.email, account.password);
  expect(other.status).toBe(200);
  return other.body as { access: string; refresh: string };
}

describe('forgot password', () => {
  it('answers the same whether or not the account exists, and mails a 4-digit code only to a real one', async () => {
    const account = await signUp(t.app);
    const nobody = uniqueEmail('nobody');
    const known = await post('password/forgot/', { email: account.email });
    const unknown = await post('password/forgot/', { email: nobody });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ detail: expect.any(String) });
    expect(await mailbox(nobody)).toHaveLength(0);
    expect((await mailbox(account.email)).at(-1)!.code).toMatch(/^\d{4}$/);
  });

  it('resets the password with the code, signs in, and ends every other session', async () => {
    const account = await signUp(t.app);
    const other = await secondSession(account);
    expect((await post('password/forgot/', { email: account.email })).status).toBe(200);
    const code = await latestCode(t.app, account.email);

    const reset = await post('password/reset/', { email: account.email, code, password: 'brand-new-password' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect((await profile(reset.body.access)).status).toBe(200);

    for (const session of [account, other]) {
      expect((await post('refresh/', { refresh: session.refresh })).status).toBe(401);
      expect((await profile(session.access)).status).toBe(401);
    }
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, 'brand-new-password')).status).toBe(200);
    // Single use.
    const again = await post('password/reset/', { email: account.email, code, password: 'another-password-2' });
    expect(again.status).toBe(400);
  });

  it('refuses a wrong, an expired or a brute-forced code with 400 and changes nothing', async () => {
    const account = await signUp(t.app);
    await post('password/forgot/', { email: account.email });
    const code = await latestCode(t.app, account.email);
    const wrong = code === '0000' ? '1111' : '0000';
    const attempt = (c: string) =>
      post('password/reset/', { email: account.email, code: c, password: 'hijacked-password' });

    const first = await attempt(wrong);
    expect(first.status).toBe(400);
    expect(first.body.detail).toBe('Invalid code or email.');
    for (let i = 0; i < 4; i++) expect((await attempt(wrong)).status).toBe(400);
    const locked = await attempt(code);
    expect(locked.status).toBe(400);
    expect(locked.body.detail).toMatch(/Too many wrong codes/);

    t.clock.advance(31_000);
    await post('password/forgot/', { email: account.email });
    const fresh = await latestCode(t.app, account.email);
    t.clock.advance(10 * 60 * 1000 + 1);
    const expired = await attempt(fresh);
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toMatch(/expired/);
    expect((await login(account.email, account.password)).status).toBe(200);
    expect((await login(account.email, 'hijacked-password')).status).toBe(401);
  });

  it('never stores or replays the tokens of a reset under an Idempotency-Key', async () => {
    const account = await signUp(t.app);
    await post('password/forgot/', { email: account.email });
    const json = { email: account.email, code: await latestCode(t.app, account.email), password: 'keyed-password-1' };
    const headers = { 'Idempotency-Key': 'reset-key-1' };
    const first = await call(t.app, 'POST', '/api/auth/password/reset/', { json, headers });
    expect(first.status).toBe(200);
    const replay = await call(t.app, 'POST', '/api/auth/password/reset/', { json, headers });
    expect(replay.status).toBe(400);
    expect(JSON.stringify(replay.body)).not.toContain(first.body.refresh);
  });

  // Guessing limits (per code, and codes per stranger per day) are proven in
  // strangers-cannot-block-password-recovery.test.ts.

  it('answers a reset for an unknown email like a wrong code', async () => {
    const res = await post('password/reset/', { email: uniqueEmail('ghost'), code: '1234', password: 'whatever-123' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Invalid code or email.');
  });
});

describe('change password (signed in)', () => {
  it('needs the current password, then ends the other sessions but keeps this one', async () => {
    const account = await signUp(t.app);
    const other = await secondSession(account);
    const wrong = await post(
      'password/change/',
      { current_password: 'not-it', new_password: 'next-password-1' },
      account.access,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.current_password).toBeDefined();

    const short = await post(
      'password/change/',
      { current_password: account.password, new_password: 'short' },
      account.access,
    );
    expect(short.status).toBe(400);

    const ok = await post(
      'password/change/',
      { current_password: account.password, new_password: 'next-password-1' },
      account.access,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.detail).toEqual(expect.any(String));
    expect((await profile(account.access)).status).toBe(200);
    expect((await post('refresh/', { refresh: account.refresh })).status).toBe(200);
    expect((await profile(other.access)).status).toBe(401);
    expect((await post('refresh/', { refresh: other.refresh })).status).toBe(401);
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, 'next-password-1')).status).toBe(200);
  });

  it('needs a sign-in', async () => {
    const res = await post('password/change/', { current_password: 'a', new_password: 'long-enough-1' });
    expect(res.status).toBe(401);
  });
});

describe('change email (signed in)', () => {
  it('mails a code to the new address; confirming it makes the new address the sign-in email', async () => {
    const account = await signUp(t.app);
    const next = uniqueEmail('moved');
    const asked = await post('email/change/', { new_email: next, current_password: account.password }, account.access);
    expect(asked.status).toBe(200);
    const code = (await mailbox(next)).at(-1)!.code!;
    expect(code).toMatch(/^\d{4}$/);
    expect((await profile(account.access)).body.email).toBe(account.email);

    const confirmed = await post('email/confirm/', { code }, account.access);
    expect(confirmed.status).toBe(200);
    expect((await profile(account.access)).body.email).toBe(next);
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(next, account.password)).status).toBe(200);
    // The old address hears about it.
    expect((await mailbox(account.email)).at(-1)!.text).toContain(next);
  });

  it('refuses a wrong password, a wrong code and an address a verified account uses', async () => {
    const account = await signUp(t.app);
    const taken = await signUp(t.app);
    const next = uniqueEmail('moved');
    expect(
      (await post('email/change/', { new_email: next, current_password: 'wrong-one' }, account.access)).status,
    ).toBe(400);
    expect(
      (await post('email/change/', { new_email: taken.email, current_password: account.password }, account.access))
        .status,
    ).toBe(409);
    expect(
      (await post('email/change/', { new_email: next, current_password: account.password }, account.access)).status,
    ).toBe(200);
    const code = (await mailbox(next)).at(-1)!.code!;
    const wrong = code === '0000' ? '1111' : '0000';
    expect((await post('email/confirm/', { code: wrong }, account.access)).status).toBe(400);
    expect((await profile(account.access)).body.email).toBe(account.email);
    expect((await post('email/confirm/', { code }, account.access)).status).toBe(200);
  });
});
