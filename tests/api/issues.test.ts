import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from './support/api-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { supportEmail: 'help@roamly.test' } });
});
afterAll(() => t.close());

// The dev mailbox never shows the support inbox, so the tests read the stored mail directly.
const mailbox = async () =>
  (
    await t.db.query<{ to: string; text: string }>(
      `SELECT recipient AS "to", body AS "text" FROM dev_mail WHERE recipient = 'help@roamly.test' ORDER BY id`,
    )
  ).rows;

describe('report an issue', () => {
  it('accepts a report without signing in and mails SUPPORT_EMAIL once with the message', async () => {
    const res = await call(t.app, 'POST', '/api/auth/report-issue/', {
      json: { email: 'Reader@Example.org', message: '  The map does not load on my phone.  ' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), detail: expect.any(String) });
    const mails = await mailbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('help@roamly.test');
    expect(mails[0]!.text).toContain('The map does not load on my phone.');
    expect(mails[0]!.text).toContain('reader@example.org');
    expect(t.mailLog.some((line) => line.includes('The map does not load'))).toBe(true);
  });

  it('email is optional, and a signed-in reporter is recorded', async () => {
    const account = await signUp(t.app, 'business');
    const res = await call(t.app, 'POST', '/api/auth/report-issue/', {
      token: account.access,
      json: { message: 'Saving my profile fails' },
    });
    expect(res.status).toBe(201);
    const stored = await t.db.query<{ user_id: string | null; email: string | null }>(
      'SELECT user_id::text AS user_id, email FROM issue_reports WHERE id = $1',
      [res.body.id],
    );
    expect(stored.rows[0]).toMatchObject({ email: null });
    expect(stored.rows[0]!.user_id).not.toBeNull();
  });

  it('rejects messages under 10 trimmed characters with the SPEC sentence', async () => {
    const res = await call(t.app, 'POST', '/api/auth/report-issue/', {
      json: { email: '', message: '   too short  ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Please describe the issue with at least 10 characters.');
    expect(await mailbox()).toHaveLength(2);
  });

  it('keeps nothing and answers 503 when the mail cannot be sent, so a retry is the one that counts', async () => {
    const failing = await startTestApp({
      db: t.db,
      config: { supportEmail: 'help@roamly.test' },
    });
    const { createApp } = await import('../../server/app.ts');
    const app = createApp({
      db: t.db,
      config: failing.config,
      mailer: { send: () => Promise.reject(new Error('SMTP down')) },
    });
    const count = async () =>
      Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM issue_reports')).rows[0]!.n);
    const before = await count();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const res = await call(app, 'POST', '/api/auth/report-issue/', { json: { message: 'A perfectly fine report' } });
      expect(res.status).toBe(503);
    } finally {
      console.error = original;
    }
    expect(await count()).toBe(before);
  });
});
