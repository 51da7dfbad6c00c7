/**
 * API benchmark (issue 5): autocannon, 50 connections, 10 s, authenticated
 * `GET /api/events/user/` with 20 events, against a real server process —
 * on PGlite, and on PostgreSQL when one is available — plus the login rate.
 *
 *   npx tsx scripts/bench/api.ts                   # PGlite, and PostgreSQL if it can find or start one
 *   BENCH_DATABASE_URL=postgres://… npx tsx scripts/bench/api.ts
 *   BENCH_DURATION=5 BENCH_ONLY=postgres npx tsx scripts/bench/api.ts
 *
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * `.ci/start-postgres` (root, Debian's postgresql). Each run uses a new
 * database. Login requests carry random X-Forwarded-For addresses (the server
 * runs with TRUST_PROXY=1) so the per-IP limit measures argon2, not the limiter.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = join(import.meta.dirname, '..', '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const only = process.env.BENCH_ONLY;

interface Result {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}
const results: Result[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SEED_DEMO: '1', TRUST_PROXY: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is ready at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

async function post(base: string, path: string, body: unknown, token?: string, form?: FormData) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: form ? { Authorization: `Bearer ${token}` } : { 'Content-Type': 'application/json' },
    body: form ?? JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The demo business (3 events) plus 17 more: 20 events. */
async function prepareUser(base: string): Promise<string> {
  const { access } = await post(base, '/api/auth/login/', {
    email: 'business@example.com',
    password: 'demo-password-1',
  });
  const token = access as string;
  const list = (await (
    await fetch(`${base}/api/events/user/`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as unknown[];
  for (let i = list.length; i < 20; i++) {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: `Bench event ${i}`,
      bio: 'An evening of music and food by the river, with guests from across the city.',
      location_name: 'London, England, GB',
      latitude: '51.5085',
      longitude: '-0.1257',
      start_date: '2026-12-01',
      start_time: '19:00',
      end_date: '2026-12-01',
      end_time: '23:00',
      event_type: 'music',
      event_subtype: 'Jazz',
      keywords: JSON.stringify(['jazz', 'river', 'late']),
    })) {
      form.append(k, v);
    }
    await post(base, '/api/events/create/', null, token, form);
  }
  return token;
}

async function measure(label: string, options: autocannon.Options): Promise<void> {
  const result = await autocannon({ connections: 50, duration, ...options });
  const entry = {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  results.push(entry);
  console.log(
    `${label.padEnd(44)} ${String(entry.rps).padStart(6)} req/s   p50 ${entry.p50} ms   p99 ${entry.p99} ms   errors ${entry.errors}   non-2xx ${entry.non2xx}`,
  );
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<void> {
  const { base, child } = await startServer(env);
  try {
    const token = await prepareUser(base);
    const headers = { Authorization: `Bearer ${token}` };
    await measure(`${engine}: GET /api/events/user/ (20 events)`, { url: `${base}/api/events/user/`, headers });
    const etag = (await fetch(`${base}/api/events/user/`, { headers })).headers.get('etag') ?? '';
    await measure(`${engine}: same, If-None-Match → 304`, {
      url: `${base}/api/events/user/`,
      headers: { ...headers, 'If-None-Match': etag },
    });
    await measure(`${engine}: POST /api/auth/login/`, {
      url: `${base}/api/auth/login/`,
      connections: 16,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
            },
            body: JSON.stringify({ email: 'business@example.com', password: 'demo-password-1' }),
          }),
        },
      ],
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
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
    await benchEngine('PGlite', { DATA_DIR: dataDir });
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
      await withFreshDatabase(url, (dbUrl) => benchEngine('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: dbUrl }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
console.log(JSON.stringify(results));
