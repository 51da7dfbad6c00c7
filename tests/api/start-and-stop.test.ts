/**
 * Start and stop you can trust (contract §3 "Failing well"): every
 * configuration a server cannot run with ends start-up with one line naming
 * the problem and a non-zero exit, with no stack trace and no restart loop;
 * SIGTERM drains for a stated limit, logs a JSON "Stopped" line, and the exit
 * code says whether requests were cut.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, freePort, startServer } from '../support/server-process.ts';

const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://roamly.example.com', MAIL: 'log' };

/** Starts the server with `env`, expects it to exit by itself; returns its code and what it printed. */
async function failedStart(env: Record<string, string>, withinMs = 30_000) {
  const server = startServer(await baseEnv({ PORT: String(await freePort()), ...env }));
  const timer = setTimeout(() => server.child.kill('SIGKILL'), withinMs);
  const code = await server.exited;
  clearTimeout(timer);
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('WARNING: MAIL=log'));
  return { code, lines };
}

describe('start-up refuses, in one line, what it cannot run with', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['production without PUBLIC_URL', { ...production, PUBLIC_URL: '' }, /PUBLIC_URL/],
    ['production with SEED_DEMO=1', { ...production, SEED_DEMO: '1' }, /SEED_DEMO=1 is refused/],
    ['a port out of range', { PORT: '70000' }, /PORT must be an integer from 1 to 65535, got "70000"/],
    ['a port that is not a number', { PORT: '80a' }, /PORT must be an integer/],
    [
      'a DATABASE_URL that is not a PostgreSQL URL',
      { DATABASE_URL: 'localhost:5432/roamly' },
      /DATABASE_URL must look like postgres:\/\//,
    ],
    [
      'a MEDIA_S3_URL that is not s3://',
      { MEDIA_S3_URL: 'https://bucket.example.com' },
      /MEDIA_S3_URL must start with s3:\/\//,
    ],
    ['an unknown LOG_LEVEL', { LOG_LEVEL: 'verbose' }, /LOG_LEVEL must be one of/],
  ];
  for (const [what, env, named] of cases) {
    it(`${what}: exit 78, one line naming it`, async () => {
      const { code, lines } = await failedStart(env);
      expect(code).toBe(78);
      expect(lines, lines.join('\n')).toHaveLength(1);
      expect(lines[0]).toMatch(/^Roamly did not start: /);
      expect(lines[0]).toMatch(named);
    });
  }

  it('a DATABASE_URL with a password: the line does not echo it', async () => {
    const { lines } = await failedStart({ DATABASE_URL: 'mysql://roamly:s3cret-pass@db/roamly' });
    expect(lines[0]).toMatch(/DATABASE_URL/);
    expect(lines.join('\n')).not.toContain('s3cret-pass');
  });
});

describe('start-up with the world in the way', () => {
  const sockets = new Set<Socket>();
  let silent: Server | undefined;
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent?.close();
  });

  it('a port already in use: one line naming the port, non-zero, no restart loop', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const { code, lines } = await failedStart({ PORT: String(port) });
      expect(code).toBe(78);
      expect(lines.filter((line) => line.startsWith('Roamly did not start'))).toEqual([
        `Roamly did not start: port 127.0.0.1:${port} is already in use (PORT, HOST)`,
      ]);
      expect(lines.join('\n')).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('a database that accepts connections and never answers: fails within 30 s, one line', async () => {
    silent = createServer((socket) => void sockets.add(socket)); // accepts, says nothing
    const port = await new Promise<number>((resolve) =>
      silent!.listen(0, '127.0.0.1', () => resolve((silent!.address() as { port: number }).port)),
    );
    const started = Date.now();
    const { code, lines } = await failedStart(
      { DATABASE_URL: `postgres://roamly:pw@127.0.0.1:${port}/roamly`, WORKERS: '2' },
      40_000,
    );
    const took = Date.now() - started;
    expect(code).toBe(69);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^Roamly did not start: cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(DATABASE_URL\\)`),
    );
    expect(lines[0]).not.toContain(':pw@');
    expect(took).toBeLessThan(30_000);
  }, 45_000);
});

describe('third-party services at start', () => {
  it('an unreachable S3 endpoint and SMTP server: one warning each, naming the variable; the server still serves', async () => {
    const [port, closed] = [await freePort(), await freePort()];
    const server = startServer(
      await baseEnv({
        PORT: String(port),
        MEDIA_S3_URL: `s3://key:secret@127.0.0.1:${closed}/roamly-media?tls=false`,
        SMTP_URL: `smtp://127.0.0.1:${closed}`,
      }),
    );
    try {
      await server.ready;
      const warnings = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"check":"start-up"'));
      await expect.poll(() => warnings().length, { timeout: 15_000 }).toBe(2);
      const messages = warnings().map((line) => (JSON.parse(line) as { level: number; msg: string }).msg);
      expect(messages.some((msg) => msg.startsWith('MEDIA_S3_URL: cannot reach the S3 endpoint'))).toBe(true);
      expect(messages.some((msg) => msg.startsWith('SMTP_URL: the SMTP server does not accept us'))).toBe(true);
      expect(messages.join()).not.toContain('secret');
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 40_000);
});

describe('SIGTERM', () => {
  it('with nothing running: a JSON "Stopped" line and exit 0', async () => {
    const port = await freePort();
    const server = startServer(await baseEnv({ PORT: String(port) }));
    await server.ready;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const stopped = server
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"Stopped'));
    expect(JSON.parse(stopped!)).toMatchObject({
      level: 30,
      cut: 0,
      limitMs: 5000,
      msg: 'Stopped: every request finished',
    });
  }, 40_000);

  it('a request still running at the 5 s limit is cut, logged, and the exit code is 1', async () => {
    const port = await freePort();
    // CHAOS latency holds every API request for 8 s: longer than the limit.
    const server = startServer(await baseEnv({ PORT: String(port), CHAOS: 'latency=8000' }));
    await server.ready;
    const slow = fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(7_000);
    await slow;
    const stopped = server
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"Stopped'));
    expect(JSON.parse(stopped!)).toMatchObject({ level: 40, cut: 1, limitMs: 5000 });
  }, 40_000);
});
