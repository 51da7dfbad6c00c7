/**
 * The product against a Django REST Framework anchor, side by side in one
 * run (how to run and read it: docs/benchmarks/api.md).
 *
 * - One PostgreSQL cluster with PostgreSQL's default durability (fsync,
 *   synchronous_commit, full_page_writes on) holds both databases; the test
 *   settings of .ci/start-postgres are only a labelled extra column
 *   (BENCH_SETTINGS=durable,test).
 * - The product: `server/index.ts` with its default workers (one per core, at most 4),
 *   as `npm start` runs it with DATABASE_URL. DRF: scripts/bench/drf
 *   (ModelSerializer, generic views, token authentication) under gunicorn
 *   with 5 sync workers and persistent connections.
 * - The dashboard's own requests, built by the shared operation modules
 *   (src/shared/api/operations): the full form of the event editor as
 *   multipart with If-Match and Idempotency-Key for updates, multipart creates
 *   of which every second carries a JPEG cover; list = GET /api/events/user/.
 * - 50 connections, 70 % list / 25 % update / 5 % create, from accounts
 *   with 20 events each (600 by default; BENCH_ACCOUNTS=100,10000 runs each
 *   size in turn). Rounds alternate product / DRF (BENCH_ROUNDS × BENCH_DURATION s)
 *   after a short warm-up of each, so both meet the same neighbours.
 * - Per round: req/s, p50/p99 per kind, errors and non-2xx, and CPU per
 *   request of the server processes and of the PostgreSQL backends serving
 *   its database (from /proc); then the product's list alone for an account
 *   with 20 and one with 2,000 events (seeded past the product's cap with
 *   SQL), whole and its first page of 50.
 *
 * Requests carry random X-Forwarded-For addresses (the product runs with
 * TRUST_PROXY=1) so per-IP limits do not shape the numbers, and the product's
 * per-account write ceilings are raised (roomy-write-limits.ts; still checked).
 *
 *   npx tsx scripts/bench/versus-drf.ts
 *   BENCH_ACCOUNTS=100,10000 BENCH_ROUNDS=2 BENCH_DURATION=15 npx tsx scripts/bench/versus-drf.ts
 *   BENCH_SETTINGS=durable,test BENCH_ONLY=product …
 *   BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' …   # profile the product's processes
 *   BENCH_BASE_ROOT=/tmp/base …   # also another checkout's server ("base"), in the same rounds
 *   BENCH_PG_CONNECT=socket …     # both servers reach PostgreSQL over its Unix socket, not TCP
 *   BENCH_BASE_ROOT=. BENCH_BASE_WORKERS=2 …   # this checkout again as "base", with 2 API processes
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { Pool } from 'undici';
import { createEventRequest } from '../../src/shared/api/operations/create-event.ts';
import { updateEventRequest } from '../../src/shared/api/operations/update-event.ts';
import { writeOptions, type WriteOptions, type WriteRequest } from '../../src/shared/api/operations/write-request.ts';
import { apiPath, apiRoutes } from '../../src/shared/contract/api-routes.ts';
import { buildUpdate, createFields, type EventFormValues } from '../../src/features/events/event-form.ts';
import { openDb } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { hashPassword } from '../../server/services/passwords.ts';
import { freePort, startServer, type RunningServer } from '../../tests/e2e/support/server-process.ts';
import { editorFormValues } from '../../tests/support/editor-form.ts';
import { startCluster, type Cluster, type ClusterSetting } from './postgres-cluster.ts';
import { cpuSeconds } from './proc-cpu.ts';
import { BENCH_PASSWORD, loginAll, randomIp } from './bench-logins.ts';

const root = join(import.meta.dirname, '..', '..');
const drfDir = join(import.meta.dirname, 'drf');
const duration = Number(process.env.BENCH_DURATION ?? 15);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const accountSizes = (process.env.BENCH_ACCOUNTS ?? '600').split(',').map(Number);
const settings = (process.env.BENCH_SETTINGS ?? 'durable').split(',') as ClusterSetting[];
const targetsWanted = new Set((process.env.BENCH_ONLY ?? 'product,drf').split(','));
const [LIST_SHARE, UPDATE_SHARE] = (process.env.BENCH_MIX ?? '70,25,5').split(',').map((n) => Number(n) / 100) as [
  number,
  number,
];
/**
 * How both servers reach PostgreSQL: `tcp` (127.0.0.1, the default) or `socket`
 * (its Unix socket, as a database on the same machine is usually reached).
 */
const connectBy = (process.env.BENCH_PG_CONNECT ?? 'tcp') as 'tcp' | 'socket';
/** BENCH_LIST_ALONE=0 skips the list-alone runs (a profile of the mixed rounds only). */
const listAlone = process.env.BENCH_LIST_ALONE !== '0';
const EVENTS_PER_ACCOUNT = 20;
/** Accounts that send requests: every account up to this many (logging in 10,000 with argon2 would take minutes). */
const ACTIVE_ACCOUNTS = 600;
const BIG_LIST = 2_000;
const PYTHON = '/usr/bin/python3';
const GUNICORN_WORKERS = 5;

type Kind = 'list' | 'update' | 'create';

/** One system under load: where it listens, how to sign a request, what to count CPU of. */
interface Target {
  /** product, drf, or base (BENCH_BASE_ROOT's product). */
  name: string;
  base: string;
  /** Authorization header value per active account index. */
  auth: string[];
  /** Event ids per active account index. */
  ids: number[][];
  /** The version each event's last answer carried (If-Match), kept across rounds. */
  versions: Map<number, number>;
  /** Authorization for the 20- and 2,000-event accounts. */
  listAuth: { small: string; big: string };
  pids(): number[];
  databaseUrl: string;
  stop(): Promise<void>;
}

interface RoundResult {
  target: string;
  rps: number;
  count: Record<Kind, number>;
  p50: Record<Kind, number>;
  p99: Record<Kind, number>;
  errors: number;
  non2xx: number;
  statuses: Record<string, number>;
  cpuServer: number;
  cpuDatabase: number;
  /** Cores the load generator (this process) used during the round. */
  cpuGenerator: number;
  /** Cores the server and its PostgreSQL backends used during the round. */
  cpuBusy: number;
  load: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) / 10 : 0;

/** The editor's values for an event. */
function formValues(title: string): EventFormValues {
  return editorFormValues(title, `An evening of music and food by the river, edited at ${Date.now()}.`);
}

/** The editor's whole form for an event, as the fields of a create. */
function formFields(title: string): Record<string, unknown> {
  return createFields(formValues(title));
}

/**
 * The fields of an update. `form` (the default): the whole form, every field
 * a create sends. `editor`: what the event editor sends (buildUpdate: the
 * fields that changed), alternately a text edit (title and description) and
 * a time edit (the start time, whose check reads the stored row).
 */
const UPDATE_KIND = process.env.BENCH_UPDATE === 'editor' ? 'editor' : 'form';

function updateFields(variant: number): Record<string, unknown> {
  if (UPDATE_KIND === 'form') return formFields(`Updated ${variant}`);
  const before = formValues('Bench event');
  const after =
    variant % 2 === 0
      ? { ...before, title: `Updated ${variant}`, bio: `Edited in the editor, take ${variant}.` }
      : { ...before, start_time: `${18 + (variant % 4)}:30` }; // 19:30 or 21:30, before the 23:00 end
  return buildUpdate(after, before);
}

interface Wire {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** A WriteRequest as bytes on the wire: the multipart body exactly as fetch would encode the FormData. */
async function toWire(request: WriteRequest): Promise<Wire> {
  const headers: Record<string, string> = { ...(request.options.headers as Record<string, string>) };
  let body: Buffer | undefined;
  if (request.options.form) {
    const encoded = new Response(request.options.form);
    headers['Content-Type'] = encoded.headers.get('content-type')!;
    body = Buffer.from(await encoded.arrayBuffer());
  }
  return { method: request.method, path: `/api${request.path}`, headers, ...(body ? { body } : {}) };
}

async function coverJpeg(): Promise<Blob> {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

/**
 * The update and create bodies, encoded once before the rounds: the load
 * generator shares the two cores with the servers, and encoding a multipart
 * form per request cost it more CPU than the product spends answering. Each
 * request still gets its own Idempotency-Key and If-Match (writeOptions, as
 * the dashboard sends them) and one of BODY_VARIANTS titles, so consecutive
 * updates of an event change it.
 */
const BODY_VARIANTS = 64;

interface Bodies {
  update(n: number, id: number, ifMatch: number): Wire;
  create(n: number): Wire;
}

async function encodeBodies(cover: Blob): Promise<Bodies> {
  const updates: Wire[] = [];
  const creates: Wire[] = [];
  for (let i = 0; i < BODY_VARIANTS; i++) {
    updates.push(await toWire(updateEventRequest(0, updateFields(i) as never)));
    // Every second create carries the JPEG cover.
    creates.push(await toWire(createEventRequest(formFields(`New ${i}`) as never, i % 2 === 0 ? cover : undefined)));
  }
  const withHeaders = (template: Wire, path: string, extra: WriteOptions & { ifMatch?: number }): Wire => ({
    ...template,
    path,
    headers: { ...template.headers, ...writeOptions({ ...extra, idempotencyKey: randomUUID() }).headers },
  });
  return {
    update: (n, id, ifMatch) =>
      withHeaders(updates[n % BODY_VARIANTS]!, `/api${apiPath(apiRoutes.updateEvent, { id })}`, { ifMatch }),
    create: (n) => withHeaders(creates[n % BODY_VARIANTS]!, creates[0]!.path, {}),
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(cluster: Cluster, name: string): string {
  const url = new URL(connectBy === 'socket' ? cluster.socketUrl : cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The product's database: accounts, 20 events each, one account with 2,000; tokens by logging in. */
async function startProduct(cluster: Cluster, accounts: number, name = 'product', serverRoot = root): Promise<Target> {
  const url = databaseUrl(cluster, `${name}_${accounts}`);
  await withClient(cluster.url, (c) => c.query(`CREATE DATABASE ${name}_${accounts}`));
  const db = await openDb({ databaseUrl: url, dataDir: null, max: 2 });
  await migrate(db);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.query(
    `INSERT INTO users (email, password_hash, full_name, display_name, user_type, is_promoter, verified_at)
     SELECT 'a' || g || '@bench.test', $2, 'Bench Person', 'bench', 'business', true, now()
       FROM generate_series(0, $1 - 1) g`,
    [accounts, passwordHash],
  );
  await db.query(
    `INSERT INTO users (email, password_hash, full_name, display_name, user_type, is_promoter, verified_at)
     VALUES ('big@bench.test', $1, 'Bench Person', 'bench', 'business', true, now())`,
    [passwordHash],
  );
  await db.query(
    `INSERT INTO events (user_id, title, bio, location_name, latitude, longitude, start_date, start_time,
                         end_date, end_time, event_type, event_subtype, keywords)
     SELECT u.id, 'Bench event ' || g,
            'An evening of music and food by the river, with guests from across the city.',
            'London, England, GB', 51.5085, -0.1257, '2026-12-01', '19:00', '2026-12-01', '23:00',
            'music', 'Jazz', '["jazz","river","late"]'
       FROM users u, generate_series(1, CASE WHEN u.email = 'big@bench.test' THEN $1::int ELSE $2::int END) g`,
    [BIG_LIST, EVENTS_PER_ACCOUNT],
  );
  await db.query('ANALYZE');
  const active = Math.min(accounts, ACTIVE_ACCOUNTS);
  const idRows = await db.query<{ email: string; ids: string[] }>(
    `SELECT u.email, array_agg(e.id::text ORDER BY e.id) AS ids FROM users u JOIN events e ON e.user_id = u.id GROUP BY u.email`,
  );
  const byEmail = new Map(idRows.rows.map((r) => [r.email, r.ids.map(Number)]));
  await db.close();

  const dataDir = mkdtempSync(join(tmpdir(), 'roamly-bench-'));
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server: RunningServer = await startServer(
    {
      DATABASE_URL: url,
      TRUST_PROXY: '1',
      SEED_DEMO: '',
      ACCESS_TOKEN_TTL: '7200',
      LOG_LEVEL: 'info',
      ...(name === 'base' && process.env.BENCH_BASE_WORKERS ? { WORKERS: process.env.BENCH_BASE_WORKERS } : {}),
    },
    120_000,
    // The server's own copy: it must raise the limits of the module instance that server imports.
    existsSync(join(serverRoot, 'scripts/bench/roomy-write-limits.ts'))
      ? [join(serverRoot, 'scripts/bench/roomy-write-limits.ts')]
      : [],
    { root: serverRoot, nodeArgs, dataDir, discardOutput: true },
  );
  const emails = Array.from({ length: active }, (_, i) => `a${i}@bench.test`);
  const tokens = await loginAll(server.baseURL, [...emails, 'a0@bench.test', 'big@bench.test']);
  return {
    name,
    base: server.baseURL,
    auth: emails.map((e) => `Bearer ${tokens.get(e)}`),
    ids: emails.map((e) => byEmail.get(e)!),
    versions: new Map(),
    listAuth: { small: `Bearer ${tokens.get('a0@bench.test')}`, big: `Bearer ${tokens.get('big@bench.test')}` },
    pids: () => [server.pid],
    databaseUrl: url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function runPython(args: string[], env: Record<string, string>): void {
  const result = spawnSync(PYTHON, args, { cwd: drfDir, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`python3 ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/** The DRF anchor's database (Django's migrations), the same accounts and events, a token per account. */
async function startDrf(cluster: Cluster, accounts: number): Promise<Target> {
  const url = databaseUrl(cluster, `drf_${accounts}`);
  await withClient(cluster.url, (c) => c.query(`CREATE DATABASE drf_${accounts}`));
  const mediaRoot = mkdtempSync(join(tmpdir(), 'roamly-bench-drf-media-'));
  const env = { DRF_DATABASE_URL: url, DRF_MEDIA_ROOT: mediaRoot, PYTHONDONTWRITEBYTECODE: '1' };
  runPython(['manage.py', 'migrate', '-v0'], env);
  const active = Math.min(accounts, ACTIVE_ACCOUNTS);
  const { keys, ids, big, small } = await withClient(url, async (c) => {
    await c.query(
      `INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email, is_staff, is_active, date_joined)
       SELECT '!', false, name, '', '', name || '@bench.test', false, true, now()
         FROM (SELECT 'a' || g AS name FROM generate_series(0, $1 - 1) g UNION ALL SELECT 'big') names`,
      [accounts],
    );
    // 40 hex digits, like DRF's own keys (the content does not matter, only that each is unique).
    await c.query(
      `INSERT INTO authtoken_token (key, created, user_id)
       SELECT md5(random()::text || id::text) || substr(md5(id::text), 1, 8), now(), id FROM auth_user`,
    );
    await c.query(
      `INSERT INTO events_event (user_id, version, title, bio, location_name, latitude, longitude, start_date, start_time,
                                 end_date, end_time, is_recurring, is_sponsored, event_type, event_subtype, keywords,
                                 monday, tuesday, wednesday, thursday, friday, saturday, sunday, currency, status,
                                 created_at, updated_at)
       SELECT u.id, 1, 'Bench event ' || g,
              'An evening of music and food by the river, with guests from across the city.',
              'London, England, GB', 51.5085, -0.1257, '2026-12-01', '19:00', '2026-12-01', '23:00', false, false,
              'music', 'Jazz', '["jazz","river","late"]', false, false, false, false, false, false, false, 'GBP',
              'published', now(), now()
         FROM auth_user u, generate_series(1, CASE WHEN u.username = 'big' THEN $1::int ELSE $2::int END) g`,
      [BIG_LIST, EVENTS_PER_ACCOUNT],
    );
    await c.query('ANALYZE');
    const rows = await c.query<{ username: string; key: string; ids: string[] }>(
      `SELECT u.username, t.key, array_agg(e.id::text ORDER BY e.id) AS ids
         FROM auth_user u JOIN authtoken_token t ON t.user_id = u.id JOIN events_event e ON e.user_id = u.id
        GROUP BY u.username, t.key`,
    );
    const byName = new Map(rows.rows.map((r) => [r.username, r]));
    const names = Array.from({ length: active }, (_, i) => `a${i}`);
    return {
      keys: names.map((n) => byName.get(n)!.key),
      ids: names.map((n) => byName.get(n)!.ids.map(Number)),
      small: byName.get('a0')!.key,
      big: byName.get('big')!.key,
    };
  });

  const port = await freePort();
  const child: ChildProcess = spawn(
    '/usr/bin/gunicorn',
    ['--workers', String(GUNICORN_WORKERS), '--bind', `127.0.0.1:${port}`, '--log-level', 'warning', 'benchsite.wsgi'],
    { cwd: drfDir, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (log.length < 100_000) log += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (let last = ''; ;) {
    if (child.exitCode !== null) throw new Error(`gunicorn exited:\n${log}`);
    const ok = await fetch(`${base}/api/events/user/`, { headers: { Authorization: `Token ${small}` } })
      .then(async (r) => (r.ok ? '' : (last = `${r.status} ${(await r.text()).slice(0, 500)}`)) === '')
      .catch((error: unknown) => ((last = String(error)), false));
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`gunicorn did not answer (${last}):\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name: 'drf',
    base,
    auth: keys.map((k) => `Token ${k}`),
    ids,
    versions: new Map(),
    listAuth: { small: `Token ${small}`, big: `Token ${big}` },
    pids: () => [child.pid!],
    databaseUrl: url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(mediaRoot, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL backends serving a database (their pids, for /proc). */
async function backendPids(admin: pg.Client, database: string): Promise<number[]> {
  const rows = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rows.rows.map((r) => r.pid);
}

async function cpuSnapshot(admin: pg.Client, target: Target) {
  const database = new URL(target.databaseUrl).pathname.slice(1);
  const server = target.pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const backends = new Map<number, number>();
  for (const pid of await backendPids(admin, database)) backends.set(pid, cpuSeconds(pid));
  return { server, backends, database };
}

/** One round of the mixed workload against one target. */
async function mixedRound(target: Target, admin: pg.Client, seconds: number, bodies: Bodies): Promise<RoundResult> {
  const pool = new Pool(target.base, { connections: CONNECTIONS, pipelining: 1 });
  const latencies: Record<Kind, number[]> = { list: [], update: [], create: [] };
  const statuses: Record<string, number> = {};
  const versions = target.versions;
  let errors = 0;
  let creates = 0;
  const before = await cpuSnapshot(admin, target);
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      const mine = target.auth.map((_, i) => i).filter((i) => i % CONNECTIONS === worker);
      for (let n = 0; performance.now() < deadline; n++) {
        const account = mine[n % mine.length]!;
        const roll = Math.random();
        let kind: Kind;
        let wire: Wire;
        if (roll < LIST_SHARE) {
          kind = 'list';
          wire = { method: 'GET', path: '/api/events/user/', headers: {} };
        } else if (roll < LIST_SHARE + UPDATE_SHARE) {
          kind = 'update';
          const own = target.ids[account]!;
          const id = own[Math.floor(Math.random() * own.length)]!;
          wire = bodies.update(n, id, versions.get(id) ?? 1);
        } else {
          kind = 'create';
          wire = bodies.create(creates++);
        }
        wire.headers.Authorization = target.auth[account]!;
        wire.headers['X-Forwarded-For'] = randomIp();
        const t0 = performance.now();
        try {
          const res = await pool.request({
            path: wire.path,
            method: wire.method as 'GET',
            headers: wire.headers,
            ...(wire.body ? { body: wire.body } : {}),
          });
          const text = await res.body.text();
          latencies[kind].push(performance.now() - t0);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (kind === 'update' && res.statusCode === 200) {
            const { id, version } = JSON.parse(text) as { id: number; version: number };
            versions.set(id, version);
          }
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const generator = process.cpuUsage(generatorBefore);
  await pool.close();
  const after = await cpuSnapshot(admin, target);
  const requests = latencies.list.length + latencies.update.length + latencies.create.length;
  const serverCpu = after.server - before.server;
  let databaseCpu = 0;
  for (const pid of after.backends.keys()) databaseCpu += cpuSeconds(pid) - (before.backends.get(pid) ?? 0);
  const per = (s: number) => (s * 1000) / Math.max(1, requests);
  const sorted = (k: Kind) => latencies[k].sort((a, b) => a - b);
  const kinds = ['list', 'update', 'create'] as const;
  return {
    target: target.name,
    rps: Math.round(requests / elapsed),
    count: Object.fromEntries(kinds.map((k) => [k, latencies[k].length])) as Record<Kind, number>,
    p50: Object.fromEntries(kinds.map((k) => [k, percentile(sorted(k), 50)])) as Record<Kind, number>,
    p99: Object.fromEntries(kinds.map((k) => [k, percentile(sorted(k), 99)])) as Record<Kind, number>,
    errors,
    non2xx: Object.entries(statuses)
      .filter(([s]) => Number(s) >= 300)
      .reduce((sum, [, n]) => sum + n, 0),
    statuses,
    cpuServer: per(serverCpu),
    cpuDatabase: per(databaseCpu),
    cpuGenerator: (generator.user + generator.system) / 1e6 / elapsed,
    cpuBusy: (serverCpu + databaseCpu) / elapsed,
    load: loadavg()[0]!,
  };
}

/** GET the list alone for `auth` (list p99 flat from 20 to 2,000 events). */
async function listRound(target: Target, auth: string, seconds: number, query = '') {
  const pool = new Pool(target.base, { connections: CONNECTIONS, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const res = await pool.request({
            path: `/api/events/user/${query}`,
            method: 'GET',
            headers: { Authorization: auth, 'X-Forwarded-For': randomIp() },
          });
          await res.body.dump();
          if (res.statusCode >= 300) non2xx++;
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(latencies.length / elapsed), p99: percentile(latencies, 99), errors, non2xx };
}

const fmt = (n: number) => n.toFixed(2);

function printRound(label: string, r: RoundResult): void {
  console.log(
    `${label.padEnd(34)} ${String(r.rps).padStart(6)} req/s  p99 list/update/create ${r.p99.list}/${r.p99.update}/${r.p99.create} ms` +
      `  p50 ${r.p50.list}/${r.p50.update}/${r.p50.create} ms  CPU/request server ${fmt(r.cpuServer)} + PostgreSQL ${fmt(r.cpuDatabase)} ms` +
      `  cores server+PostgreSQL ${fmt(r.cpuBusy)} generator ${fmt(r.cpuGenerator)}` +
      `  errors ${r.errors}  non-2xx ${r.non2xx}  load ${r.load.toFixed(2)}`,
  );
  if (r.non2xx > 0) console.log(`  statuses: ${JSON.stringify(r.statuses)}`);
}

/** Where a target's database time went over the measured rounds (BENCH_PG_STATEMENTS=1), per request. */
async function printStatements(admin: pg.Client, target: Target, results: RoundResult[]): Promise<void> {
  const requests = results
    .filter((r) => r.target === target.name)
    .reduce((sum, r) => sum + r.count.list + r.count.update + r.count.create, 0);
  const { rows } = await admin.query<{ calls: string; exec: number; plan: number; query: string }>(
    `SELECT s.calls, s.total_exec_time AS exec, s.total_plan_time AS plan,
            left(regexp_replace(s.query, '\\s+', ' ', 'g'), 120) AS query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = $1
      ORDER BY s.total_exec_time + s.total_plan_time DESC LIMIT 20`,
    [new URL(target.databaseUrl).pathname.slice(1)],
  );
  const total = rows.reduce((sum, r) => sum + r.exec + r.plan, 0);
  console.log(`${target.name}: statements by time (top 20: ${fmt(total / requests)} ms per request of ${requests})`);
  for (const r of rows) {
    const calls = Number(r.calls);
    console.log(
      `  ${fmt((r.exec + r.plan) / requests)} ms/request  ${String(calls).padStart(7)} calls  ` +
        `exec ${(r.exec / calls).toFixed(3)} plan ${(r.plan / calls).toFixed(3)} ms/call  ${r.query}`,
    );
  }
}

async function benchSize(cluster: Cluster, accounts: number, bodies: Bodies) {
  const targets: Target[] = [];
  try {
    if (targetsWanted.has('product')) targets.push(await startProduct(cluster, accounts));
    const baseRoot = process.env.BENCH_BASE_ROOT;
    // Absolute: the server's preload is passed to node's --import, where `scripts/…` would name a package.
    if (baseRoot) targets.push(await startProduct(cluster, accounts, 'base', resolve(baseRoot)));
    if (targetsWanted.has('drf')) targets.push(await startDrf(cluster, accounts));
    const active = Math.min(accounts, ACTIVE_ACCOUNTS);
    console.log(
      `\n== ${cluster.setting} PostgreSQL over ${connectBy === 'socket' ? 'its Unix socket' : 'TCP'}, ${accounts} accounts × ${EVENTS_PER_ACCOUNT} events (${active} send requests), ` +
        `${CONNECTIONS} connections, mix ${LIST_SHARE * 100}/${UPDATE_SHARE * 100}/${Math.round((1 - LIST_SHARE - UPDATE_SHARE) * 100)}, ` +
        `${rounds} × ${duration} s alternating`,
    );
    return await withClient(cluster.url, async (admin) => {
      for (const target of targets) await mixedRound(target, admin, 3, bodies); // warm-up, not reported
      if (pgStatements) {
        await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
        await admin.query('SELECT pg_stat_statements_reset()');
      }
      const results: RoundResult[] = [];
      for (let round = 1; round <= rounds; round++) {
        for (const target of targets) {
          const result = await mixedRound(target, admin, duration, bodies);
          results.push(result);
          printRound(`${target.name} round ${round}`, result);
        }
      }
      if (pgStatements) for (const target of targets) await printStatements(admin, target, results);
      const drf = results.filter((r) => r.target === 'drf');
      for (const name of targets.map((t) => t.name).filter((n) => n !== 'drf')) {
        const mine = results.filter((r) => r.target === name);
        const sum = (rs: RoundResult[], f: (r: RoundResult) => number) => rs.reduce((s, r) => s + f(r), 0);
        const cpuOf = (rs: RoundResult[]) => sum(rs, (r) => r.cpuServer + r.cpuDatabase) / rs.length;
        const writeOverList = mine.map((r) => (r.p99.update / r.p99.list).toFixed(2)).join(', ');
        const versus = drf.length
          ? `${name}/DRF req/s ×${(sum(mine, (r) => r.rps) / sum(drf, (r) => r.rps)).toFixed(2)}, ` +
            `CPU per request ${(cpuOf(mine) / cpuOf(drf)).toFixed(2)} × DRF's; `
          : '';
        console.log(`ratios: ${versus}${name} update p99 / list p99 per round: ${writeOverList}`);
      }
      // The product only: DRF's ModelSerializer takes seconds per 2,000-event list, which would stretch the run.
      for (const target of targets.filter((t) => t.name !== 'drf' && listAlone)) {
        const seconds = Math.min(duration, 10);
        const runs = [
          [`${EVENTS_PER_ACCOUNT} events, whole`, target.listAuth.small, ''],
          [`${BIG_LIST} events, whole`, target.listAuth.big, ''],
          [`${BIG_LIST} events, first page of 50`, target.listAuth.big, '?limit=50'],
        ] as const;
        for (const [label, auth, query] of runs) {
          const r = await listRound(target, auth, seconds, query);
          console.log(
            `${target.name} list alone, ${label}: ${r.rps} req/s p99 ${r.p99} ms (errors ${r.errors}, non-2xx ${r.non2xx})`,
          );
        }
      }

      return results;
    });
  } finally {
    for (const target of targets) await target.stop();
  }
}

const bodies = await encodeBodies(await coverJpeg());
const pgStatements = process.env.BENCH_PG_STATEMENTS === '1';
console.log(
  `load average at start ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; ${root}`,
);
for (const setting of settings) {
  const cluster = await startCluster(setting, pgStatements);
  try {
    for (const accounts of accountSizes) await benchSize(cluster, accounts, bodies);
  } finally {
    cluster.stop();
  }
}
console.log(
  `load average at end ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
