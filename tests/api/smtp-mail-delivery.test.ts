/**
 * With SMTP_URL set, mail leaves through nodemailer. A minimal SMTP sink on
 * loopback receives it, so a nodemailer upgrade that changes the transport or
 * the message shape fails here rather than in production.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../server/services/mail.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

function smtpSink(received: Received[]): Server {
  return createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        const answers: Record<string, string> = {
          EHLO: '250 sink',
          HELO: '250 sink',
          DATA: '354 go ahead',
          QUIT: '221 bye',
        };
        reply(answers[verb] ?? '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
}

describe('SMTP mail', () => {
  const received: Received[] = [];
  let server: Server;
  let port = 0;

  beforeAll(async () => {
    server = smtpSink(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
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
