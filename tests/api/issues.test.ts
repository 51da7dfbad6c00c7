import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from './support/api-client.ts';
import { mailQueueDepth } from '../../server/services/mail-queue.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { supportEmail: 'help@roamly.test' } });
});
afterAll(() => t.close());

// The support inbox, read from the mail queue (what the dev mailbox lists).
const mailbox = async () =>
  (
    await t.db.query<{ to: string; text: string }>(
      `SELECT recipient AS "to", body AS "text" FROM mail_queue WHERE recipient = 'help@roamly.test' ORDER BY id`,
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
    // The worker sends it (here: prints it) right after the request.
    await expect.poll(() => t.mailLog.some((line) => line.includes('The map does not load'))).toBe(true);
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

  it('rejects messages under 10 trimmed characters with the product sentence (docs/product.md §5)', async () => {
    const res = await call(t.app, 'POST', '/api/auth/report-issue/', {
      json: { email: '', message: '   too short  ' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Please describe the issue with at least 10 characters.');
    expect(await mailbox()).toHaveLength(2);
  });

  it('with SMTP down keeps the report, answers 201 and mails it once SMTP is back', async () => {
    let smtpUp = false;
    const sent: string[] = [];
    // A database of its own: another app's worker on the same queue would send the mail instead.
    const own = await startTestApp({
      deps: {
        mailer: {
          send: (message) =>
            smtpUp ? Promise.resolve(void sent.push(message.text)) : Promise.reject(new Error('SMTP down')),
        },
      },
    });
    const app = own.app;
    const res = await call(app, 'POST', '/api/auth/report-issue/', {
      json: { message: 'Reported while SMTP is down' },
    });
    expect(res.status).toBe(201);
    const stored = await own.db.query('SELECT id FROM issue_reports WHERE id = $1', [res.body.id]);
    expect(stored.rows).toHaveLength(1);
    await expect
      .poll(async () => (await own.db.query('SELECT 1 FROM mail_queue WHERE attempts > 0')).rows.length)
      .toBe(1);
    expect(await mailQueueDepth(own.db)).toEqual({ pending: 1, dead: 0 });
    smtpUp = true;
    own.clock.advance(60_000);
    await expect.poll(() => sent.filter((text) => text.includes('Reported while SMTP is down')).length).toBe(1);
    // The queue marks the mail sent after the transport took it: on a busy host that comes a moment later.
    await expect.poll(() => mailQueueDepth(own.db)).toEqual({ pending: 0, dead: 0 });
    expect(sent.filter((text) => text.includes('Reported while SMTP is down'))).toHaveLength(1);
    await own.close();
  });
});
