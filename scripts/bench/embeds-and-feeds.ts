/**
 * Embed frames and Atom feeds under a steady open-loop load, beside a plain
 * static file served by the same server, in one run: two real server
 * processes (WORKERS=1 each) on one PostgreSQL with its default durability
 * (fsync and synchronous_commit on; scripts/bench/postgres-cluster.ts, with
 * pg_stat_statements to count statements).
 *
 * For each target — one event's frame (`/embed/e/{id}`), a promoter's Atom
 * feed (`/p/{name}.atom`, 20 upcoming events) and `/favicon.svg` — requests
 * are sent at BENCH_RATE a second in all (half to each instance) for
 * BENCH_DURATION seconds, on a fixed schedule whatever the answers do (open
 * loop: latency counts from when a request was due, so a stall is not hidden).
 * Printed per target: achieved rate, p50/p99, failures, the rendered-answer
 * cache's hit ratio (its Prometheus counter, roamly_rendered_cache_total),
 * server CPU ms per request (/proc of both servers) and database statements
 * per request (pg_stat_statements, every session of the run's database — the
 * servers' background loops included, which the static file's row shows).
 *
 *   npx tsx scripts/bench/embeds-and-feeds.ts
 *   BENCH_RATE=500 BENCH_DURATION=10 npx tsx scripts/bench/embeds-and-feeds.ts
 *   BENCH_BASE_ROOT=/tmp/base npx tsx scripts/bench/embeds-and-feeds.ts   # also another checkout's server, same rounds
 */
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism as cpuCount, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { displayNameKey } from '../../src/shared/contract/name-key.ts';
import { parsePrometheusText } from '../../tests/support/prometheus-text.ts';
import { freePort, startServer, type RunningServer } from '../../tests/e2e/support/server-process.ts';
import { startCluster } from './postgres-cluster.ts';
import { cpuSeconds } from './proc-cpu.ts';

const rate = Number(process.env.BENCH_RATE ?? 500);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const baseRoot = process.env.BENCH_BASE_ROOT;
const NAME = 'busy.promoter';
const EVENTS = 20;
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

interface Instance {
  server: RunningServer;
  metricsPort: number;
}

interface Result {
  sent: number;
  ok: number;
  failed: number;
  achieved: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  statementsPerRequest: number;
  hitRatio: number | null;
}

async function seed(db: Db): Promise<number> {
  await migrate(db);
  const user = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, full_name, display_name, user_type, is_promoter, verified_at)
     VALUES ('bench@reach.test', 'x', 'Bench Person', $1, 'subpromoter', true, now()) RETURNING id`,
    [NAME],
  );
  const userId = user.rows[0]!.id;
  await db.query(`INSERT INTO public_names (name_key, user_id, display_name) VALUES ($1, $2, $3)`, [
    displayNameKey(NAME),
    userId,
    NAME,
  ]);
  const events = await db.query<{ id: string }>(
    `INSERT INTO events (user_id, title, bio, location_name, start_date, start_time, end_date, end_time)
     SELECT $1, 'River night ' || g, 'Music by the river, with guests and a late bar.', 'London, England, GB',
            current_date + g, '19:00', current_date + g, '23:00'
       FROM generate_series(1, $2) g RETURNING id`,
    [userId, EVENTS],
  );
  return Number(events.rows[0]!.id);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;

/** Sends `path` at `perSecond` in all, round-robin over `bases`, for `seconds`, on schedule; latencies in ms. */
async function openLoop(bases: string[], path: string, perSecond: number, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(perSecond * seconds);
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  const fire = (n: number) => {
    const due = started + (n * 1000) / perSecond;
    const url = new URL(path, bases[n % bases.length]);
    pending.push(
      new Promise<void>((resolve) => {
        const req = request(url, { agent, headers: { 'User-Agent': BROWSER, 'Accept-Language': 'en-GB' } }, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode === 200) ok++;
            else failed++;
            resolve();
          });
        });
        req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
        req.on('error', () => {
          failed++;
          resolve();
        });
        req.end();
      }),
    );
  };
  let next = 0;
  while (next < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) * perSecond) / 1000) + 1);
    while (next < due) fire(next++);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    ok,
    failed,
    achieved: ok / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

async function cacheCounts(instances: Instance[]): Promise<{ hit: number; miss: number }> {
  let hit = 0;
  let miss = 0;
  for (const { metricsPort } of instances) {
    const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
      .then((res) => (res.ok ? res.text() : ''))
      .catch(() => '');
    const scrape = parsePrometheusText(text);
    for (const sample of scrape.find('roamly_rendered_cache_total')) {
      if (sample.labels.result === 'hit') hit += sample.value;
      if (sample.labels.result === 'miss') miss += sample.value;
    }
  }
  return { hit, miss };
}

async function statements(admin: Db, database: string): Promise<number> {
  const rows = await admin.query<{ calls: string }>(
    `SELECT coalesce(sum(s.calls), 0)::bigint AS calls
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1`,
    [database],
  );
  return Number(rows.rows[0]!.calls);
}

async function measure(instances: Instance[], admin: Db, database: string, path: string): Promise<Result> {
  const bases = instances.map((instance) => instance.server.baseURL);
  const cpu = () => instances.reduce((sum, { server }) => sum + cpuSeconds(server.pid), 0);
  const cacheBefore = await cacheCounts(instances);
  const statementsBefore = await statements(admin, database);
  const cpuBefore = cpu();
  const run = await openLoop(bases, path, rate, duration);
  const cpuUsed = cpu() - cpuBefore;
  const statementsUsed = (await statements(admin, database)) - statementsBefore;
  const cacheAfter = await cacheCounts(instances);
  const hits = cacheAfter.hit - cacheBefore.hit;
  const misses = cacheAfter.miss - cacheBefore.miss;
  return {
    ...run,
    cpuMsPerRequest: (cpuUsed * 1000) / Math.max(1, run.ok + run.failed),
    statementsPerRequest: statementsUsed / Math.max(1, run.sent),
    hitRatio: hits + misses > 0 ? hits / (hits + misses) : null,
  };
}

async function startInstances(url: string, root: string | undefined): Promise<Instance[]> {
  return Promise.all(
    [0, 1].map(async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'roamly-bench-reach-'));
      const metricsPort = await freePort();
      const server = await startServer(
        {
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          WORKERS: '1',
          SEED_DEMO: '',
          LOG_LEVEL: 'warn',
          METRICS_PORT: String(metricsPort),
          PUBLIC_URL: 'https://reach.bench.test',
          JWT_SECRET: 'bench-reach-secret-0123456789abcdef',
          GOOGLE_PLACES_KEY: 'unused-in-this-benchmark',
        },
        120_000,
        [],
        { dataDir, discardOutput: true, ...(root ? { root } : {}) },
      );
      return { server, metricsPort };
    }),
  );
}

/**
 * How long an edit takes to show on both instances: the event's title changes
 * in the database (as an edit through either instance would), then each
 * instance's frame and feed are read every 100 ms until they show it.
 */
async function propagation(url: string, instances: Instance[], eventId: number): Promise<string> {
  const db = await openPostgres(url, { max: 1 });
  const title = `River night (moved indoors ${Date.now()})`;
  await db.query('UPDATE events SET title = $1, updated_at = now() WHERE id = $2', [title, eventId]);
  await db.close();
  const changedAt = performance.now();
  const seen: string[] = [];
  await Promise.all(
    instances.flatMap(({ server }, i) =>
      [`/embed/e/${eventId}`, `/p/${NAME}.atom`].map(async (path) => {
        for (;;) {
          const text = await fetch(server.baseURL + path).then((res) => res.text());
          if (text.includes(title)) break;
          if (performance.now() - changedAt > 30_000) return void seen.push(`${path} on ${i}: not within 30 s`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        seen.push(`${((performance.now() - changedAt) / 1000).toFixed(1)} s`);
      }),
    ),
  );
  return `an edit in the database showed on both instances' frame and feed after ${seen.join(', ')} (at most 5 s stated)`;
}

const row = (label: string, r: Result) =>
  `${label.padEnd(34)} ${r.achieved.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.failed).padStart(7)} ${(r.hitRatio === null ? '—' : `${(r.hitRatio * 100).toFixed(2)} %`).padStart(10)} ${r.cpuMsPerRequest.toFixed(3).padStart(8)} ${r.statementsPerRequest.toFixed(3).padStart(9)}`;

async function main() {
  const cluster = await startCluster('durable', true);
  const admin = await openPostgres(cluster.url, { max: 1 });
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const setups = [{ label: 'this checkout', root: undefined as string | undefined }];
  if (baseRoot) setups.push({ label: `base (${baseRoot})`, root: baseRoot });
  try {
    console.log(
      `Two server processes (WORKERS=1) on one PostgreSQL 15 (default durability), ${rate} req/s offered in all (open loop, half to each), ${duration} s per target after a 3 s warm-up of every target at 100 req/s.`,
    );
    for (const [i, setup] of setups.entries()) {
      const database = `bench_reach_${i}`;
      await admin.query(`CREATE DATABASE ${database}`);
      const url = new URL(cluster.url);
      url.pathname = `/${database}`;
      const db = await openPostgres(url.toString(), { max: 1 });
      const eventId = await seed(db);
      await db.close();
      const instances = await startInstances(url.toString(), setup.root);
      try {
        const targets = [
          ['static /favicon.svg', '/favicon.svg'],
          [`embed  /embed/e/${eventId}`, `/embed/e/${eventId}`],
          [`Atom   /p/${NAME}.atom`, `/p/${NAME}.atom`],
        ] as const;
        // Warm-up of every target before any is measured: JIT (tsx compiles on first use), first renders, pool connections.
        const bases = instances.map((instance) => instance.server.baseURL);
        for (const [, path] of targets) await openLoop(bases, path, Math.min(rate, 100), 3);
        console.log(`\n${setup.label} (load average ${loadavg()[0]!.toFixed(1)} on ${cpuCount()} cores)`);
        console.log(
          `${'target'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(7)} ${'cache hit'.padStart(10)} ${'CPU ms'.padStart(8)} ${'stmts/req'.padStart(9)}`,
        );
        for (const [label, path] of targets) {
          await admin.query('SELECT pg_stat_statements_reset()');
          console.log(row(label, await measure(instances, admin, database, path)));
        }
        console.log(await propagation(url.toString(), instances, eventId));
      } finally {
        await Promise.all(instances.map(({ server }) => server.stop()));
        for (const { server } of instances) rmSync(server.dataDir, { recursive: true, force: true });
      }
    }
    console.log(
      '\nCPU ms: both server processes (user + system, /proc) per request. stmts/req: every statement the run database ran (pg_stat_statements), background loops included.',
    );
  } finally {
    await admin.close();
    cluster.stop();
  }
}

await main();
