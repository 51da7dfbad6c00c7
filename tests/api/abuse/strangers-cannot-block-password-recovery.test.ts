/**
 * Password recovery under attack. Strangers used to spend the owner's reset
 * code (5 wrong tries from anyone burnt it) and the account's allowance of
 * codes (4 stranger requests: the owner's forgot answered 429 for a day). Now a
 * code works only for the requester that asked for it (its cookie, else its
 * address), wrong tries count against that requester's own mail, and every
 * mail carries a link nobody can guess, so the owner can always recover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode, signUp, type Sent } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Behind one trusted proxy: X-Forwarded-For names the caller. Without it the caller is the owner's
  // own address (the one signUp verified from).
  t = await startTestApp({ config: { trustProxy: true } });
});
afterAll(() => t.close());

interface From {
  ip?: string;
  cookie?: string;
}
const post = (path: string, json: unknown, from: From = {}) =>
  call(t.app, 'POST', `/api/auth/password/${path}`, {
    json,
    headers: { ...(from.ip ? { 'X-Forwarded-For': from.ip } : {}), ...(from.cookie ? { Cookie: from.cookie } : {}) },
  });
let stranger = 0;
const strangerIp = () => `198.51.100.${((stranger += 1) % 250) + 1}`;
const cookieOf = (answer: Sent) => (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

async function mails(email: string): Promise<{ text: string; code?: string }[]> {
  const box = await call(t.app, 'GET', `/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  return (box.body.messages as { subject: string; text: string; code?: string }[]).filter((m) =>
    m.subject.includes('password reset'),
  );
}
async function newestLinkToken(email: string): Promise<string> {
  const text = (await mails(email)).at(-1)?.text ?? '';
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}
const otherThan = (code: string) => (code === '0000' ? '1111' : '0000');

describe('password recovery under attack', () => {
  it('wrong codes from strangers never spend the owner’s tries', async () => {
    const owner = await signUp(t.app);
    const asked = await post('forgot/', { email: owner.email });
    expect(asked.status).toBe(200);
    const code = await latestCode(t.app, owner.email);
    for (let i = 0; i < 30; i++) {
      const guess = await post(
        'reset/',
        { email: owner.email, code: otherThan(code), password: 'stolen-pass-1' },
        { ip: strangerIp() },
      );
      expect(guess.status).toBe(400);
    }
    const reset = await post(
      'reset/',
      { email: owner.email, code, password: 'owner-new-pass-1' },
      { cookie: cookieOf(asked) },
    );
    expect(reset.status).toBe(200);
    expect(typeof reset.body.access).toBe('string');
  });

  it('a code is useless to anyone but the requester it was mailed for', async () => {
    const owner = await signUp(t.app);
    const ownerIp = '192.0.2.10';
    const asked = await post('forgot/', { email: owner.email }, { ip: ownerIp });
    const code = await latestCode(t.app, owner.email);
    // Even a stranger who learnt the code (say, over a shoulder) cannot use it from elsewhere.
    const stolen = await post('reset/', { email: owner.email, code, password: 'stolen-pass-1' }, { ip: strangerIp() });
    expect(stolen.status).toBe(400);
    expect(stolen.body.detail).toBe('Invalid code or email.');
    // The owner's browser keeps its cookie when the phone moves from Wi-Fi to mobile data.
    const moved = await post(
      'reset/',
      { email: owner.email, code, password: 'owner-new-pass-2' },
      { ip: '192.0.2.77', cookie: cookieOf(asked) },
    );
    expect(moved.status).toBe(200);
  });

  it('strangers who ask for codes and guess never make the owner’s forgot a 429, and the newest link always works', async () => {
    const owner = await signUp(t.app);
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      t.clock.advance(61_000);
      const from = { ip: strangerIp() };
      const asked = await post('forgot/', { email: owner.email }, from);
      statuses.push(asked.status);
      for (let i = 0; i < 5; i++) {
        const guess = await post(
          'reset/',
          { email: owner.email, code: '0000', password: 'stolen-pass-1' },
          { ...from, cookie: cookieOf(asked) },
        );
        expect(guess.status).toBe(400);
      }
    }
    expect(statuses).toEqual(statuses.map(() => 200));
    // At most 5 mails an hour reach the owner, whatever strangers send.
    expect((await mails(owner.email)).length).toBe(5);

    // The owner, from an address the account never used, asks: the same 200, and the newest mail's link works.
    t.clock.advance(61_000);
    const fromNewPlace = { ip: '192.0.2.200' };
    expect((await post('forgot/', { email: owner.email }, fromNewPlace)).status).toBe(200);
    const token = await newestLinkToken(owner.email);
    const reset = await post('reset-link/', { token, password: 'owner-new-pass-3' }, fromNewPlace);
    expect(reset.status).toBe(200);
    // The owner signs in with the new password; the strangers' mails are spent with it.
    const login = await call(t.app, 'POST', '/api/auth/login/', {
      json: { email: owner.email, password: 'owner-new-pass-3' },
    });
    expect(login.status).toBe(200);
    expect((await post('reset-link/', { token, password: 'again-pass-44' })).status).toBe(400);
  });

  it('20 wrong codes a day switch codes off for the account, while its link keeps working', async () => {
    const owner = await signUp(t.app);
    for (let round = 0; round < 4; round++) {
      t.clock.advance(61_000);
      const from = { ip: strangerIp() };
      const asked = await post('forgot/', { email: owner.email }, from);
      for (let i = 0; i < 5; i++) {
        await post(
          'reset/',
          { email: owner.email, code: '0000', password: 'stolen-pass-1' },
          { ...from, cookie: cookieOf(asked) },
        );
      }
    }
    t.clock.advance(61_000);
    const asked = await post('forgot/', { email: owner.email });
    const code = await latestCode(t.app, owner.email);
    const refused = await post(
      'reset/',
      { email: owner.email, code, password: 'owner-new-pass-4' },
      { cookie: cookieOf(asked) },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      'Too many wrong codes were tried for this account today. Open the link in the newest reset email instead.',
    );
    const token = await newestLinkToken(owner.email);
    expect((await post('reset-link/', { token, password: 'owner-new-pass-4' })).status).toBe(200);
  });

  it('a requester’s own mail is burnt by its 5 wrong tries', async () => {
    const owner = await signUp(t.app);
    t.clock.advance(61_000);
    const asked = await post('forgot/', { email: owner.email });
    const from = { cookie: cookieOf(asked) };
    const code = await latestCode(t.app, owner.email);
    for (let i = 0; i < 5; i++)
      await post('reset/', { email: owner.email, code: otherThan(code), password: 'x-password-1' }, from);
    const late = await post('reset/', { email: owner.email, code, password: 'owner-new-pass-5' }, from);
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe('Too many wrong codes. Please ask for a new one.');
  });

  it('a flood of requests from many addresses mails the owner at most once per 30 seconds', async () => {
    const owner = await signUp(t.app);
    t.clock.advance(61_000);
    for (let i = 0; i < 30; i++)
      expect((await post('forgot/', { email: owner.email }, { ip: strangerIp() })).status).toBe(200);
    expect((await mails(owner.email)).length).toBe(1);
  });

  it('a reset link works once and for a day', async () => {
    const owner = await signUp(t.app);
    t.clock.advance(61_000);
    await post('forgot/', { email: owner.email });
    const token = await newestLinkToken(owner.email);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const late = await post('reset-link/', { token, password: 'owner-new-pass-6' });
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe('This reset link has expired or was already used. Please ask for a new code.');
    const malformed = await post('reset-link/', { token: 'short', password: 'owner-new-pass-6' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.token).toBeDefined();
  });
});
