/**
 * A database outage under load (contract §3 "Failing well"): PostgreSQL is
 * stopped while clients keep asking; requests that need it answer 503 with
 * Retry-After within 10 s — never a 500, never a hang — and everything
 * recovers on its own within 10 s of it coming back. Runs on a PostgreSQL
 * server of its own (stopped and started here), with two API processes.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheusText } from '../support/prometheus-text.ts';
import { baseEnv, freePort, startServer, type ServerProcess } from '../support/server-process.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.ts';

const postgres: ThrowawayPostgres | null = startThrowawayPostgres();
let server: ServerProcess;
let base = '';
let metricsUrl = '';

interface Outcome {
  at: number;
  path: string;
  status: number;
  ms: number;
  retryAfter: string | null;
}

const requests: { path: string; init?: RequestInit }[] = [
  { path: '/api/ready' },
  { path: '/e/999999/nothing-here' }, // a listing page: reads the database, 404
  {
    path: '/api/auth/login/',
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
    },
  },
];

async function ask(path: string, init?: RequestInit): Promise<Outcome> {
  const started = Date.now();
  try {
    const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(15_000) });
    await response.arrayBuffer();
    return {
      at: started,
      path,
      status: response.status,
      ms: Date.now() - started,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch {
    return { at: started, path, status: 0, ms: Date.now() - started, retryAfter: null };
  }
}

afterAll(() => postgres?.destroy());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgres)('the database goes away under load (skipped: PostgreSQL is not installed)', () => {
  beforeAll(async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = startServer(
      await baseEnv({
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATABASE_URL: postgres!.url,
        WORKERS: '2',
      }),
    );
    await server.ready;
  }, 60_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it('answers 503 with Retry-After while it is away, never 500 or a hang, and recovers within 10 s', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const clients = Array.from({ length: 6 }, async (_, i) => {
      for (let n = i; running; n++) {
        const { path, init } = requests[n % requests.length]!;
        outcomes.push(await ask(path, init));
        await sleep(20);
      }
    });
    await sleep(1_500);
    const stoppedAt = Date.now();
    postgres!.stop();
    await sleep(5_000);
    const restartedAt = Date.now();
    postgres!.start();
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - restartedAt < 20_000) {
      const ready = await ask('/api/ready');
      if (ready.status === 200) recoveredAt = Date.now();
      else await sleep(100);
    }
    await sleep(1_500);
    running = false;
    await Promise.all(clients);

    const during = outcomes.filter((o) => o.at > stoppedAt + 200 && o.at + o.ms < restartedAt);
    const after = outcomes.filter((o) => o.at > recoveredAt + 500);
    const count = (list: Outcome[]) =>
      list.reduce<Record<number, number>>((acc, o) => ({ ...acc, [o.status]: (acc[o.status] ?? 0) + 1 }), {});
    console.log(
      `outage: ${outcomes.length} requests; during ${JSON.stringify(count(during))}; ` +
        `after ${JSON.stringify(count(after))}; slowest ${Math.max(...outcomes.map((o) => o.ms))} ms; ` +
        `recovered ${recoveredAt - restartedAt} ms after PostgreSQL was started`,
    );
    expect(outcomes.filter((o) => o.status === 0 || (o.status >= 500 && o.status !== 503))).toEqual([]);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(10_000);
    expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(10);
    expect(outcomes.filter((o) => o.status === 503 && !o.retryAfter)).toEqual([]);
    expect(recoveredAt, 'never recovered').toBeGreaterThan(0);
    expect(recoveredAt - restartedAt).toBeLessThan(10_000);
    expect(after.filter((o) => o.status >= 500)).toEqual([]);
    expect(server.output()).not.toMatch(/"level":50,[^\n]*"msg":"(?!PostgreSQL pool error)/);

    // The primary's METRICS_PORT sums both API processes: the 503s, and the pool gauges.
    const metrics = parsePrometheusText(await (await fetch(metricsUrl)).text());
    const unavailable = metrics.find('http_requests_total', { status: '503' }).reduce((sum, s) => sum + s.value, 0);
    expect(unavailable).toBe(outcomes.filter((o) => o.status === 503).length);
    for (const gauge of ['db_pool_connections_in_use', 'db_pool_connections_idle', 'db_pool_waiting_requests'])
      expect(metrics.find(gauge), gauge).toHaveLength(1);
    expect(metrics.find('db_pool_connections_idle')[0]!.value).toBeGreaterThan(0);
  }, 60_000);
});

describe.skipIf(!postgres)('two API processes and a port already in use', () => {
  it('one line naming the port and exit 78: the primary does not fork again and again', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const started = startServer(await baseEnv({ PORT: String(port), DATABASE_URL: postgres!.url, WORKERS: '2' }));
      const timer = setTimeout(() => started.child.kill('SIGKILL'), 30_000);
      const code = await started.exited;
      clearTimeout(timer);
      expect(code, started.output()).toBe(78);
      const refusals = started.output().match(/^Roamly did not start: .*$/gm) ?? [];
      // One per API process at most (both may try before the primary stops them), never more.
      expect(refusals.length).toBeGreaterThan(0);
      expect(refusals.length).toBeLessThanOrEqual(2);
      expect(new Set(refusals)).toEqual(
        new Set([`Roamly did not start: port 127.0.0.1:${port} is already in use (PORT, HOST)`]),
      );
      expect(started.output()).not.toContain('starting another');
    } finally {
      blocker.close();
    }
  }, 40_000);
});
