/**
 * Finding 12: unsafe production defaults.
 * - NODE_ENV=production without SMTP_URL refuses to start, unless MAIL=log
 *   says on purpose that mail only goes to the log (then it warns loudly);
 * - the sender is MAIL_FROM;
 * - the dev mailbox (NODE_ENV unset) answers only requests made on the machine itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { MailTransportMissingError, mailerFor } from '../../../server/services/mail.ts';
import { call } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { currentSourceCommand } from '../../../scripts/server-entry.mjs';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('production mail', () => {
  it('createApp refuses production without SMTP_URL or MAIL=log', () => {
    expect(() =>
      createApp({ db: t.db, config: { ...t.config, production: true, smtpUrl: null, mailLogOnly: false } }),
    ).toThrow(MailTransportMissingError);
  });

  it('`npm start` with NODE_ENV=production and no SMTP_URL exits with a clear message', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roamly-prod-'));
    try {
      const child = spawn(process.execPath, currentSourceCommand('server/index.ts'), {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://roamly.example.com',
          SMTP_URL: '',
          MAIL: '',
          DATA_DIR: dataDir,
          PORT: '47391',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
      // Old code starts and serves; give it a moment, then stop it so the test fails cleanly.
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(timer);
      expect(code).not.toBe(0);
      expect(output).toMatch(/NODE_ENV=production needs a mail transport: set SMTP_URL/);
      expect(output).toMatch(/MAIL=log/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('MAIL=log in production starts, warns loudly, and keeps no dev mailbox', async () => {
    const warn = vi.fn();
    const log: string[] = [];
    const mailer = mailerFor(
      { smtpUrl: null, production: true, mailLogOnly: true, mailFrom: 'hello@roamly.example.org' },
      { log: (line) => void log.push(line), warn },
    );
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/MAIL=log in production.*no mail is sent/));
    await mailer.send({ to: 'someone@example.org', subject: 'Code', text: 'Your code is 1234' });
    expect(log.join('\n')).toContain('Your code is 1234');

    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = createApp({ db: t.db, config: { ...t.config, production: true, smtpUrl: null, mailLogOnly: true } });
    expect(warnings).toHaveBeenCalled();
    warnings.mockRestore();
    expect((await call(app, 'GET', '/api/dev/mailbox?email=someone@example.org')).status).toBe(404);
  });

  it('sends as MAIL_FROM over SMTP', async () => {
    const received = await withSmtpSink(async (url) => {
      const mailer = mailerFor(
        { smtpUrl: url, production: true, mailLogOnly: false, mailFrom: 'hello@roamly.example.org' },
        {},
      );
      await mailer.send({ to: 'someone@example.org', subject: 'Hi', text: 'Hello there' });
    });
    expect(received).toMatch(/MAIL FROM:<hello@roamly\.example\.org>/i);
    expect(received).toMatch(/^From: Roamly <hello@roamly\.example\.org>/im);
  });
});

describe('dev mailbox and the support inbox', () => {
  it('answers only requests made on the machine itself, for every inbox', async () => {
    const report = await call(t.app, 'POST', '/api/auth/report-issue/', {
      json: { email: 'reader@example.org', message: 'Private details in this report' },
    });
    expect(report.status).toBe(201);
    const remote = [
      { env: { incoming: { socket: { remoteAddress: '203.0.113.9', destroy() {} } } }, headers: {} },
      { env: { incoming: { socket: { remoteAddress: '::ffff:198.51.100.4', destroy() {} } } }, headers: {} },
      // A reverse proxy on the same machine: loopback peer, but the request came from outside.
      {
        env: { incoming: { socket: { remoteAddress: '127.0.0.1', destroy() {} } } },
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      },
    ];
    for (const address of ['support@example.com', 'reader@example.org']) {
      for (const { env, headers } of remote) {
        const res = await t.app.request(`/api/dev/mailbox?email=${encodeURIComponent(address)}`, { headers }, env);
        expect(res.status).toBe(403);
        expect(await res.text()).not.toContain('Private details');
      }
    }
    const local = await t.app.request(
      '/api/dev/mailbox?email=support@example.com',
      {},
      {
        incoming: { socket: { remoteAddress: '127.0.0.1', destroy() {} } },
      },
    );
    expect(local.status).toBe(200);
    expect(await local.text()).toContain('Private details');
  });
});

/** A minimal SMTP server that accepts one message and returns the whole conversation. */
async function withSmtpSink(send: (url: string) => Promise<void>): Promise<string> {
  let transcript = '';
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let inData = false;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      transcript += chunk.toString();
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf(inData ? '\r\n.\r\n' : '\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (inData ? 5 : 2));
        if (inData) {
          inData = false;
          socket.write('250 queued\r\n');
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 sink\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    await send(`smtp://127.0.0.1:${port}`);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
  return transcript;
}
