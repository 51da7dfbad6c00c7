/**
 * Listing insights under load, against two real server processes
 * (WORKERS=1 each) on one PostgreSQL:
 *
 * 1. Public page loads per second with and without counting: the page alone
 *    (`GET /e/{id}/{slug}`), then the page plus its beacon
 *    (`POST /api/events/{id}/insights/hit/`) — what a counted page load costs.
 * 2. Write cost at ~1,000 views a second: beacons at a fixed overall rate,
 *    half to each instance, for random listings from random addresses; then
 *    both instances stop (SIGTERM flushes), and the run prints views
 *    counted, rows in listing_insights, tuples written (inserts + updates
 *    from pg_stat_user_tables), the server processes' CPU per 1,000 views and
 *    the database transactions — against one row write per view.
 *
 *   npx tsx scripts/bench/insights.ts
 *   BENCH_DATABASE_URL=postgres://… BENCH_DURATION=10 BENCH_RATE=1000 npx tsx scripts/bench/insights.ts
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * `.ci/start-postgres`; each run uses a schema of its own, dropped at the end.
 */
import type Autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { listingPath } from '../../src/shared/contract/listing-url.ts';
import { startServer, type RunningServer } from '../../tests/e2e/support/server-process.ts';
import { loadAutocannon } from '../support/measuring-tools.ts';

const autocannon = await loadAutocannon();

const root = join(import.meta.dirname, '..', '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const rate = Number(process.env.BENCH_RATE ?? 1000);
const LISTINGS = 200;
const CONNECTIONS = 20;
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

function databaseUrl(): string {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return given;
  const started = spawnSync(join(root, '.ci/start-postgres'), { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`.ci/start-postgres failed: ${started.stderr}`);
  return started.stdout.trim();
}

const randomIp = () => `10.${randomBytes(3).join('.')}`;
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function seed(db: Db): Promise<number[]> {
  await migrate(db);
  await db.query(
    `INSERT INTO users (email, password_hash, full_name, display_name, user_type, is_promoter, verified_at)
     VALUES ('bench@insights.test', 'x', 'Bench Person', 'bench', 'subpromoter', true, now())`,
  );
  const rows = await db.query<{ id: string }>(
    `INSERT INTO events (user_id, title, bio, location_name, start_date, start_time, end_date, end_time)
     SELECT u.id, 'Bench night ' || g, 'Music by the river.', 'London, England, GB',
            '2026-12-01', '19:00', '2026-12-01', '23:00'
       FROM users u, generate_series(1, $1) g RETURNING id`,
    [LISTINGS],
  );
  return rows.rows.map((row) => Number(row.id));
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function load(servers: RunningServer[], options: Omit<Autocannon.Options, 'url'>): Promise<Run> {
  const results = await Promise.all(
    servers.map((server) => autocannon({ url: server.baseURL, connections: CONNECTIONS / 2, duration, ...options })),
  );
  return {
    rps: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    bad: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  };
}

const pageRequest = (ids: number[]): Autocannon.RequestSpec => ({
  method: 'GET',
  setupRequest: (request) => {
    const id = pick(ids);
    return { ...request, path: listingPath(id, `Bench night ${id - ids[0]! + 1}`), headers: { 'User-Agent': BROWSER } };
  },
});

const beaconRequest = (ids: number[]): Autocannon.RequestSpec => ({
  method: 'POST',
  setupRequest: (request) => ({
    ...request,
    path: `/api/events/${pick(ids)}/insights/hit/`,
    headers: { 'User-Agent': BROWSER, 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
    body: JSON.stringify({ kind: 'view', ...(Math.random() < 0.2 ? { src: 'qr' } : {}) }),
  }),
});

async function main() {
  const url = databaseUrl();
  const schema = `bench_insights_${Date.now().toString(36)}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openPostgres(url, { max: 1, searchPath: schema });
  const ids = await seed(db);
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'roamly-bench-insights-')));
  const env = (dir: string) => ({
    DATABASE_URL: withSchema.toString(),
    DATA_DIR: dir,
    WORKERS: '1',
    TRUST_PROXY: '1',
    SEED_DEMO: '',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-insights-secret-0123456789abcdef',
    GOOGLE_PLACES_KEY: 'unused-in-this-benchmark',
  });
  const servers = await Promise.all(
    dirs.map((dir) => startServer(env(dir), 120_000, [], { dataDir: dir, discardOutput: true })),
  );
  try {
    console.log(
      `Two server processes on one PostgreSQL, ${LISTINGS} listings, ${duration} s per run, ${CONNECTIONS} connections.`,
    );
    await load(servers, { requests: [pageRequest(ids)], duration: 2 }); // warm-up
    // Server CPU per page load as well as throughput: on a shared host the neighbours move req/s, much less CPU per request.
    const serverCpu = () => servers.reduce((sum, server) => sum + cpuSeconds(server.pid), 0);
    let cpuStart = serverCpu();
    const pageOnly = await load(servers, { requests: [pageRequest(ids)] });
    const pageOnlyCpu = serverCpu() - cpuStart;
    cpuStart = serverCpu();
    const counted = await load(servers, { requests: [pageRequest(ids), beaconRequest(ids)] });
    const countedCpu = serverCpu() - cpuStart;
    const loads = (run: Run, perLoad: number) => Math.round(run.rps / perLoad);
    const perLoadMs = (cpu: number, run: Run, perLoad: number) =>
      ((cpu * 1000) / Math.max(1, (run.rps * duration) / perLoad)).toFixed(2);
    console.log(
      '\nPublic page                     page loads/s   requests/s   p50 ms   p99 ms   failed   server CPU ms per page load',
    );
    console.log(
      `without counting (page only)    ${String(loads(pageOnly, 1)).padStart(12)}   ${String(pageOnly.rps).padStart(10)}   ${String(pageOnly.p50).padStart(6)}   ${String(pageOnly.p99).padStart(6)}   ${String(pageOnly.bad).padStart(6)}   ${perLoadMs(pageOnlyCpu, pageOnly, 1)}`,
    );
    console.log(
      `with counting (page + beacon)   ${String(loads(counted, 2)).padStart(12)}   ${String(counted.rps).padStart(10)}   ${String(counted.p50).padStart(6)}   ${String(counted.p99).padStart(6)}   ${String(counted.bad).padStart(6)}   ${perLoadMs(countedCpu, counted, 2)}`,
    );

    // Part 2: ~rate views a second, from fresh addresses, for random listings.
    await db.query(`TRUNCATE listing_insights`);
    await db.query('SELECT pg_stat_reset()').catch(() => undefined);
    const statsBefore = await tableStats(admin, schema);
    const xactBefore = await transactions(admin);
    const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
    const beacons = await load(servers, { requests: [beaconRequest(ids)], overallRate: rate / 2 });
    const cpuAfter = servers.map((server) => cpuSeconds(server.pid));
    await Promise.all(servers.map((server) => server.stop()));
    // Statistics reach pg_stat_* shortly after the sessions end.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const statsAfter = await tableStats(admin, schema);
    const xactAfter = await transactions(admin);
    const totals = await db.query<{ rows: number; views: number; qr: number }>(
      `SELECT count(*)::int AS rows, coalesce(sum(views), 0)::int AS views, coalesce(sum(qr_scans), 0)::int AS qr FROM listing_insights`,
    );
    const { rows, views, qr } = totals.rows[0]!;
    const written = statsAfter - statsBefore;
    const cpu = cpuAfter.reduce((sum, after, i) => sum + after - cpuBefore[i]!, 0);
    console.log(
      `\nBeacons at ${rate}/s over both instances for ${duration} s: ${beacons.rps} req/s served, p50 ${beacons.p50} ms, p99 ${beacons.p99} ms, failed ${beacons.bad}`,
    );
    console.log(
      `views counted ${views} (QR scans ${qr}); rows in listing_insights ${rows} (listings × days, not views)`,
    );
    console.log(
      `tuples written (insert + update) ${written}, i.e. ${(written / Math.max(1, views)).toFixed(4)} per view; one row per view would be ${views}`,
    );
    console.log(`database transactions during the run (all sessions) ${xactAfter - xactBefore}`);
    console.log(
      `server CPU ${cpu.toFixed(2)} s for ${views} views: ${((cpu * 1000) / Math.max(1, views / 1000)).toFixed(0)} ms per 1,000 views`,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await db.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}

async function tableStats(admin: Db, schema: string): Promise<number> {
  const result = await admin.query<{ n: string }>(
    `SELECT coalesce(n_tup_ins + n_tup_upd, 0) AS n FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'listing_insights'`,
    [schema],
  );
  return Number(result.rows[0]?.n ?? 0);
}

async function transactions(admin: Db): Promise<number> {
  const result = await admin.query<{ n: string }>(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(result.rows[0]?.n ?? 0);
}

await main();
