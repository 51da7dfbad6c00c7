/**
 * Forgot-password took 474 ms for an existing account
 * and 104 ms for an unknown one (the SMTP round trip), and with SMTP down an
 * existing account got 500 — both told who has an account. The mail is now
 * queued with the code, so both answer alike, at once, whatever SMTP does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let smtpDelayMs = 0;
let smtpUp = true;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    deps: {
      mailer: {
        send: async () => {
          await new Promise((resolve) => setTimeout(resolve, smtpDelayMs));
          if (!smtpUp) throw new Error('SMTP down');
        },
      },
    },
  });
});
afterAll(() => t.close());

const forgot = async (email: string) => {
  t.clock.advance(31_000);
  const started = performance.now();
  const res = await call(t.app, 'POST', '/api/auth/password/forgot/', { json: { email } });
  return { ...res, ms: performance.now() - started };
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('forgot password', () => {
  it('answers an existing and an unknown account alike with SMTP down', async () => {
    smtpUp = false;
    const account = await signUp(t.app);
    const existing = await forgot(account.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(existing.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(existing.body).toEqual(unknown.body);
    smtpUp = true;
  });

  it('does not wait for SMTP: a slow mail server adds nothing to the answer', async () => {
    smtpDelayMs = 300;
    const existing: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      const account = await signUp(t.app);
      existing.push((await forgot(account.email)).ms);
      unknown.push((await forgot(uniqueEmail('nobody'))).ms);
    }
    smtpDelayMs = 0;
    expect(median(existing)).toBeLessThan(150);
    expect(Math.abs(median(existing) - median(unknown))).toBeLessThan(100);
  }, 60_000);
});
