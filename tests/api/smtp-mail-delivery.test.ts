/**
 * With SMTP_URL set, mail leaves through nodemailer. A minimal SMTP sink on
 * loopback receives it, so a nodemailer upgrade that changes the transport or
 * the message shape fails here rather than in production.
 */
import type { Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../server/services/mail.ts';
import { startSmtpSink, type Received } from '../support/smtp-sink.ts';

describe('SMTP mail', () => {
  const received: Received[] = [];
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    ({ server, port } = await startSmtpSink(received));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands the message to the SMTP server named by SMTP_URL', async () => {
    const mailer = await smtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
    await mailer.send({ to: 'promoter@example.com', subject: 'Your code: 1234', text: 'Your code is 1234.' });
    expect(received).toHaveLength(1);
    expect(received[0]!.to.join()).toContain('promoter@example.com');
    expect(received[0]!.data).toContain('Subject: Your code: 1234');
    expect(received[0]!.data).toContain('Your code is 1234.');
  });
});
