/**
 * API benchmark, against real server processes — on PGlite
 * (one process: the database is embedded), and on PostgreSQL with two server
 * processes on one database (WORKERS=1 each), requests spread round-robin:
 *
 * - list latency: `GET /api/events/user/` for users with 20, 200, 500 (the
 *   per-account cap) and 2,000 events (seeded past the cap with SQL, to show
 *   what a page costs when a table is large), the whole list and the first
 *   page (`?limit=50`), plus a conditional GET answered 304;
 * - a mixed workload: 70 % list, 25 % update (JSON, `If-Match` with the
 *   version last seen and a fresh `Idempotency-Key`), 5 % create, from 300
 *   accounts (so the per-account write limit is not what is measured);
 * - the login rate (argon2).
 *
 * The mixed run also prints the CPU each request cost the API processes and
 * the PostgreSQL backends (read from /proc): it moves much less than
 * requests per second when neighbours take the machine's CPU away.
 *
 *   npx tsx scripts/bench/api.ts                   # PGlite, and PostgreSQL if it can find or start one
 *   BENCH_DATABASE_URL=postgres://… npx tsx scripts/bench/api.ts
 *   BENCH_DURATION=5 BENCH_ONLY=postgres BENCH_PARTS=list,mixed npx tsx scripts/bench/api.ts
 *   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' …   # profile the server processes
 *   BENCH_ROOT=/tmp/anchor …   # the server of another checkout (git worktree add /tmp/anchor <commit>)
 *   BENCH_MIX=0,100,0 …        # the mixed run's list/update/create shares in per cent
 *   BENCH_LIST_SIZES=20 …      # the list part for these list lengths only
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * `.ci/start-postgres`. Each run uses a new database. Accounts and events are
 * seeded with SQL before the servers start (the API's own limits would
 * otherwise throttle the set-up). Requests carry random X-Forwarded-For
 * addresses (TRUST_PROXY=1) so per-IP limits do not shape the numbers.
 */
import type Autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { openDb, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { cpuSeconds } from './proc-cpu.ts';
import { startServer, type RunningServer } from '../../tests/e2e/support/server-process.ts';
import { BENCH_PASSWORD, loginAll, randomIp } from './bench-logins.ts';
import { loadAutocannon } from '../support/measuring-tools.ts';

const autocannon = await loadAutocannon();

const root = join(import.meta.dirname, '..', '..');
// Another checkout's server against this script's seed and load (side-by-side runs against an older commit).
const serverRoot = process.env.BENCH_ROOT ?? root;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const only = process.env.BENCH_ONLY;
const parts = new Set((process.env.BENCH_PARTS ?? 'list,mixed,login').split(','));
// BENCH_LIST_SIZES=20 measures only the dashboard's usual list (and its 304).
const LIST_SIZES = (process.env.BENCH_LIST_SIZES ?? '20,200,500,2000').split(',').map(Number);
const MIXED_USERS = 300;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// The mixed workload's shares of list, update and create, in per cent (BENCH_MIX=100,0,0 for lists only).
const [LIST_SHARE, UPDATE_SHARE] = (process.env.BENCH_MIX ?? '70,25,5').split(',').map((n) => Number(n) / 100) as [
  number,
  number,
];

interface Result {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}
const results: Result[] = [];

function report(entry: Result): void {
  results.push(entry);
  console.log(
    `${entry.label.padEnd(58)} ${String(entry.rps).padStart(6)} req/s   p50 ${entry.p50} ms   p99 ${entry.p99} ms   errors ${entry.errors}   non-2xx ${entry.non2xx}`,
  );
}

/** A server process of this checkout (or BENCH_ROOT's), one API process, behind no proxy but trusting X-Forwarded-For. */
function startBenchServer(env: Record<string, string>) {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return startServer({ TRUST_PROXY: '1', WORKERS: '1', SEED_DEMO: '', ...env }, 120_000, [], {
    root: serverRoot,
    nodeArgs,
    dataDir: env.DATA_DIR!,
    discardOutput: true,
  });
}

/** Accounts and events straight into the database, before any server runs. */
async function seed(db: Db): Promise<void> {
  await migrate(db);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const emails = [...LIST_SIZES.map((n) => `list${n}@bench.test`)];
  for (let i = 0; i < MIXED_USERS; i++) emails.push(`mixed${i}@bench.test`);
  await db.query(
    `INSERT INTO users (email, password_hash, full_name, display_name, user_type, is_promoter, verified_at)
     SELECT email, $2, 'Bench Person', 'bench', 'business', true, now() FROM unnest($1::text[]) AS email`,
    [emails, passwordHash],
  );
  const addEvents = (email: string, count: number) =>
    db.query(
      `INSERT INTO events (user_id, title, bio, location_name, latitude, longitude, start_date, start_time,
                           end_date, end_time, event_type, event_subtype, keywords)
       SELECT u.id, 'Bench event ' || g,
              'An evening of music and food by the river, with guests from across the city.',
              'London, England, GB', 51.5085, -0.1257, '2026-12-01', '19:00', '2026-12-01', '23:00',
              'music', 'Jazz', '["jazz","river","late"]'
         FROM users u, generate_series(1, $2) g WHERE u.email = $1`,
      [email, count],
    );
  for (const n of LIST_SIZES) await addEvents(`list${n}@bench.test`, n);
  await db.query(
    `INSERT INTO events (user_id, title, start_date, start_time, end_date, end_time, event_type, event_subtype)
     SELECT u.id, 'Mixed event ' || g, '2026-12-01', '19:00', '2026-12-01', '23:00', 'music', 'Jazz'
       FROM users u, generate_series(1, 20) g WHERE u.email LIKE 'mixed%'`,
  );
}

async function eventIds(db: Db): Promise<Map<string, number[]>> {
  const rows = await db.query<{ email: string; ids: string[] }>(
    `SELECT u.email, array_agg(e.id::text ORDER BY e.id) AS ids FROM users u JOIN events e ON e.user_id = u.id
      WHERE u.email LIKE 'mixed%' GROUP BY u.email`,
  );
  return new Map(rows.rows.map((r) => [r.email, r.ids.map(Number)]));
}

/** Server processes whose CPU a list measurement reports (set once the servers run). */
let listPids: number[] = [];

async function measure(label: string, options: Autocannon.Options): Promise<void> {
  const before = listPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  const used = listPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - before;
  if (listPids.length && result.requests.total > 0) {
    console.log(`  CPU per request, server processes: ${((used * 1000) / result.requests.total).toFixed(3)} ms`);
  }
  report({
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  });
}

async function benchLists(engine: string, bases: string[], tokens: Map<string, string>): Promise<void> {
  // Warm-up (not reported): JIT, prepared statements, the first cache fills.
  await autocannon({
    url: `${bases[0]}/api/events/user/`,
    headers: { Authorization: `Bearer ${tokens.get('list20@bench.test')}` },
    connections: CONNECTIONS,
    duration: 2,
  });
  for (const n of LIST_SIZES) {
    const headers = { Authorization: `Bearer ${tokens.get(`list${n}@bench.test`)}` };
    const label = n > 500 ? `${n} events, past the cap` : `${n} events`;
    await measure(`${engine}: list, whole (${label})`, { url: `${bases[0]}/api/events/user/`, headers });
    await measure(`${engine}: list, first page of 50 (${label})`, {
      url: `${bases[0]}/api/events/user/?limit=50`,
      headers,
    });
  }
  const headers = { Authorization: `Bearer ${tokens.get('list20@bench.test')}` };
  const etag = (await fetch(`${bases[0]}/api/events/user/`, { headers })).headers.get('etag') ?? '';
  await measure(`${engine}: list (20 events), If-None-Match → 304`, {
    url: `${bases[0]}/api/events/user/`,
    headers: { ...headers, 'If-None-Match': etag },
  });
}

interface Reply {
  status: number;
  etag: string | undefined;
  body: string;
}

/**
 * One request over a kept-alive undici pool. The load generator shares the
 * machine's two cores with the servers and PostgreSQL, so it must cost as
 * little as possible: undici's pool spends about half the CPU per request of
 * node:http with an Agent, leaving that to the servers being measured.
 */
async function send(
  pool: Pool,
  path: string,
  method: 'GET' | 'PUT' | 'POST',
  headers: Record<string, string>,
  body?: string,
) {
  const res = await pool.request({ path, method, headers, ...(body === undefined ? {} : { body }) });
  const text = await res.body.text();
  const etag = res.headers.etag;
  return { status: res.statusCode, etag: typeof etag === 'string' ? etag : undefined, body: text } satisfies Reply;
}

/**
 * CPU used per request, apart for the API processes and for the PostgreSQL
 * backends serving this database (when it runs on this machine). Unlike
 * requests per second, this hardly moves when a neighbour takes CPU away, so
 * two builds can be compared on a busy machine.
 */
async function cpuMeter(db: Db | null, serverPids: number[]) {
  const backends = async () =>
    db && existsSync('/proc/self/stat')
      ? (
          await db.query<{ pid: number }>(
            'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          )
        ).rows.map((r) => r.pid)
      : [];
  const before = new Map<number, number>();
  for (const pid of [...serverPids, ...(await backends())]) before.set(pid, cpuSeconds(pid));
  return async (requests: number) => {
    const used = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid) - (before.get(pid) ?? 0), 0);
    const servers = used(serverPids);
    const database = used(await backends());
    const perRequest = (seconds: number) => ((seconds * 1000) / Math.max(1, requests)).toFixed(3);
    console.log(
      `  CPU per request: API processes ${perRequest(servers)} ms, PostgreSQL backends ${perRequest(database)} ms (${servers.toFixed(1)} s and ${database.toFixed(1)} s in all)`,
    );
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) / 10 : 0;

/** 70 % list, 25 % update with If-Match + Idempotency-Key, 5 % create; each worker owns its accounts. */
async function benchMixed(
  engine: string,
  bases: string[],
  tokens: Map<string, string>,
  ids: Map<string, number[]>,
  meter: Awaited<ReturnType<typeof cpuMeter>>,
) {
  const pools = new Map(
    bases.map((base) => [base, new Pool(base, { connections: Math.ceil(CONNECTIONS / bases.length) })]),
  );
  const latencies = { list: [] as number[], update: [] as number[], create: [] as number[] };
  const statuses = new Map<number, number>();
  let errors = 0;
  const users = [...ids.keys()];
  const versions = new Map<number, number>();
  const deadline = performance.now() + duration * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      const mine = users.filter((_, i) => i % CONNECTIONS === worker);
      const pool = pools.get(bases[worker % bases.length]!)!;
      for (let i = 0; performance.now() < deadline; i++) {
        const email = mine[i % mine.length]!;
        const headers: Record<string, string> = {
          Authorization: `Bearer ${tokens.get(email)}`,
          'X-Forwarded-For': randomIp(),
        };
        const roll = Math.random();
        const t0 = performance.now();
        let kind: keyof typeof latencies;
        let reply: Reply;
        try {
          if (roll < LIST_SHARE) {
            kind = 'list';
            reply = await send(pool, '/api/events/user/', 'GET', headers);
          } else if (roll < LIST_SHARE + UPDATE_SHARE) {
            kind = 'update';
            const own = ids.get(email)!;
            const id = own[Math.floor(Math.random() * own.length)]!;
            const body = JSON.stringify({ title: `Updated ${i}`, bio: `Edited at ${Date.now()}` });
            reply = await send(
              pool,
              `/api/events/${id}/update/`,
              'PUT',
              {
                ...headers,
                'Content-Type': 'application/json',
                'If-Match': `"${versions.get(id) ?? 1}"`,
                'Idempotency-Key': randomUUID(),
              },
              body,
            );
            if (reply.etag) versions.set(id, Number(reply.etag.replace(/\D/g, '')));
          } else {
            kind = 'create';
            const body = JSON.stringify({
              title: `Mixed new ${i}`,
              start_date: '2026-12-02',
              start_time: '19:00',
              end_date: '2026-12-02',
              end_time: '22:00',
              event_type: 'music',
              event_subtype: 'Jazz',
            });
            reply = await send(
              pool,
              '/api/events/create/',
              'POST',
              { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
              body,
            );
          }
        } catch {
          errors++;
          continue;
        }
        latencies[kind].push(performance.now() - t0);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all([...pools.values()].map((pool) => pool.close()));
  const all = [...latencies.list, ...latencies.update, ...latencies.create].sort((a, b) => a - b);
  const non2xx = [...statuses].filter(([s]) => s >= 300).reduce((sum, [, n]) => sum + n, 0);
  const where = bases.length > 1 ? `${bases.length} instances` : '1 instance';
  report({
    label: `${engine} (${where}): mixed ${process.env.BENCH_MIX?.replaceAll(',', '/') ?? '70/25/5'}`,
    rps: Math.round(all.length / elapsed),
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    errors,
    non2xx,
  });
  for (const kind of ['list', 'update', 'create'] as const) {
    const sorted = latencies[kind].sort((a, b) => a - b);
    report({
      label: `${engine} (${where}):   of which ${kind}`,
      rps: Math.round(sorted.length / elapsed),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: 0,
      non2xx: 0,
    });
  }
  console.log(`  statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
  await meter(all.length);
}

async function benchLogin(engine: string, base: string): Promise<void> {
  await measure(`${engine}: POST /api/auth/login/`, {
    url: `${base}/api/auth/login/`,
    connections: 16,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
          body: JSON.stringify({ email: 'list20@bench.test', password: BENCH_PASSWORD }),
        }),
      },
    ],
  });
}

async function benchEngine(engine: string, env: Record<string, string>, db: Db, instances: number) {
  await seed(db);
  const ids = await eventIds(db);
  if (engine === 'PGlite') await db.close(); // the server opens the same files
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await startBenchServer(env));
    const bases = servers.map((s) => s.baseURL);
    const emails = [...LIST_SIZES.map((n) => `list${n}@bench.test`), ...(parts.has('mixed') ? ids.keys() : [])];
    const tokens = await loginAll(bases[0]!, emails);
    listPids = servers.map((s) => s.pid);
    if (parts.has('list')) await benchLists(engine, bases, tokens);
    if (parts.has('mixed')) {
      const meter = await cpuMeter(
        engine === 'PGlite' ? null : db,
        servers.map((s) => s.pid),
      );
      await benchMixed(engine, bases, tokens, ids, meter);
    }
    if (parts.has('login')) await benchLogin(engine, bases[0]!);
  } finally {
    for (const server of servers) await server.stop();
    if (engine !== 'PGlite') await db.close();
  }
}

function postgresUrl(): string | null {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return given;
  const started = spawnSync(join(root, '.ci/start-postgres'), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return started.status === 0 ? started.stdout.trim() : null;
}

async function withFreshDatabase(url: string, fn: (url: string) => Promise<void>): Promise<void> {
  const name = `roamly_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await fn(target.toString());
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

if (only !== 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'roamly-bench-'));
  try {
    const db = await openDb({ databaseUrl: null, dataDir });
    await benchEngine('PGlite', { DATA_DIR: dataDir }, db, 1);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (only !== 'pglite') {
  const url = postgresUrl();
  if (!url) console.log('PostgreSQL: not available (set BENCH_DATABASE_URL); skipped.');
  else {
    const dataDir = mkdtempSync(join(tmpdir(), 'roamly-bench-'));
    try {
      await withFreshDatabase(url, async (dbUrl) => {
        const db = await openDb({ databaseUrl: dbUrl, dataDir: null, max: 2 });
        await benchEngine('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: dbUrl }, db, 2);
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
console.log(JSON.stringify(results));
