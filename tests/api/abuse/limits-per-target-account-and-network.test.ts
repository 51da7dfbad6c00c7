/**
 * Limits that rotating callers used to step around.
 * - 3: email-change codes for one address are limited per target address,
 *   not only per caller (5 accounts × 5 guesses on one address: no 429 before);
 * - 4: wrong current passwords (password and email change) are limited per
 *   account from anywhere, as login is — not only per account + address;
 * - 5: an IPv6 caller is its /64 for every per-address limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBucket } from '../../../server/http/client-ip.ts';
import { defaultRateLimits } from '../../../server/services/rate-limit.ts';
import { call, signUp, uniqueEmail } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    config: { trustProxy: true },
    limits: {
      ...defaultRateLimits,
      // Small enough to reach in a test; the rule, not the number, is under test.
      loginFailuresPerAccount: { max: 12, windowSeconds: 3600 },
      reportPerIp: { max: 3, windowSeconds: 600 },
    },
  });
});
afterAll(() => t.close());

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const post = (path: string, json: unknown, token: string, ip: string) =>
  call(t.app, 'POST', `/api/auth/${path}`, { json, token, headers: from(ip) });

describe('limits per target address', () => {
  it('guesses at email-change codes for one address are counted across the accounts that ask for it', async () => {
    const target = uniqueEmail('target');
    const statuses: number[] = [];
    for (let a = 0; a < 5; a++) {
      const account = await signUp(t.app);
      const asked = await post(
        'email/change/',
        { new_email: target, current_password: account.password },
        account.access,
        `198.51.100.${a}`,
      );
      expect(asked.status).toBe(200);
      for (let g = 0; g < 5; g++) {
        const guess = await post(
          'email/confirm/',
          { code: String(1000 + g * 7 + a) },
          account.access,
          `198.51.100.${a}`,
        );
        statuses.push(guess.status);
      }
    }
    // 15 tries per 10 minutes per address (20 a day), whichever accounts make them.
    expect(statuses.slice(0, 15)).toEqual(Array<number>(15).fill(400));
    expect(statuses.slice(15)).toEqual(Array<number>(10).fill(429));
  });

  it('asking for codes to one address is limited across accounts (no mail-bombing it)', async () => {
    const target = uniqueEmail('bombed');
    const statuses: number[] = [];
    for (let a = 0; a < 8; a++) {
      const account = await signUp(t.app);
      statuses.push(
        (
          await post(
            'email/change/',
            { new_email: target, current_password: account.password },
            account.access,
            `192.0.2.${a}`,
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 6)).toEqual(Array<number>(6).fill(200));
    expect(statuses.slice(6)).toEqual([429, 429]);
  });
});

describe('current-password guesses per account', () => {
  it('from rotating addresses run into the per-account limit; the owner’s own address is spared', async () => {
    const account = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const ip = `203.0.113.${i}`; // a fresh address each try: the per account + address bucket never fills
      const res = await post(
        'password/change/',
        { current_password: `guess-${i}-wrong`, new_password: 'taken-over-1' },
        account.access,
        ip,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 12)).toEqual(Array<number>(12).fill(400));
    expect(statuses.slice(12)).toEqual([429, 429, 429, 429]);
    // signUp verified from the proxy-less address "local": known, so the owner can still change it there.
    const own = await call(t.app, 'POST', '/api/auth/password/change/', {
      json: { current_password: account.password, new_password: 'owner-changed-1' },
      token: account.access,
    });
    expect(own.status).toBe(200);
  });
});

describe('IPv6 by /64', () => {
  it('buckets v4 as is, v4-mapped v6 as its v4, and v6 by its /64', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:DB8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
  });

  it('one /64 is one bucket: fresh addresses inside it do not reset a per-address limit', async () => {
    const report = (ip: string, i: number) =>
      call(t.app, 'POST', '/api/auth/report-issue/', {
        json: { message: `From the same network ${i}` },
        headers: from(ip),
      });
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await report(`2001:db8:77:1::${i.toString(16)}`, i)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // The next /64 is someone else; a v4-mapped address is its v4.
    expect((await report('2001:db8:77:2::1', 5)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await report('198.51.100.77', 6 + i)).status).toBe(201);
    expect((await report('::ffff:198.51.100.77', 9)).status).toBe(429);
  });
});
