/**
 * A followers' fan-out against a real server process (WORKERS=1) on a
 * private PostgreSQL with its default durability (fsync, synchronous_commit
 * and full_page_writes on: scripts/bench/postgres-cluster.ts):
 *
 * - FOLLOWERS push subscriptions (default 50,000) follow the demo promoter,
 *   seeded with SQL (one real P-256 key pair and auth secret, reused; every
 *   endpoint distinct, so each is its own follower and its own daily count);
 * - the promoter publishes an event through the API: the write's trigger
 *   queues one notice per follower in the write's transaction (its latency is
 *   printed); the minute's hold for further edits is skipped by setting
 *   quiet_since back, so the clock starts when the notices are due;
 * - a push-service stub on loopback (HTTP, answers 201; it decrypts and
 *   checks the first message only, and counts distinct endpoints) takes them.
 *   It runs on a thread of its own, so its work does not delay the timing of
 *   the list calls below (it still takes the host's CPU, which a real push
 *   service would not).
 *
 * Each mode is a server process of its own, one after the other in one run:
 * `paced` (the server's pacing: FOLLOWER_PUSH_RATE when set here, else its
 * default) and, with UNPACED=1, `unpaced` (FOLLOWER_PUSH_RATE=0: as fast as the
 * host goes, not yielding to requests). For each: the dashboard's list
 * (`GET /api/events/user/` of another account, the business demo, with the
 * dashboard's headers) p50/p99 at LIST_RATE requests/s without a fan-out
 * (BASELINE_S) and during one, with the ratio (target ≤ 1.5×); the time to
 * hand all messages to the push service, messages/s, the API process's CPU
 * per message and its RSS before and at its peak (sampled every 100 ms); and
 * the load average before and after, printed side by side.
 *
 * On a host shared with other jobs a window without the fan-out and a later
 * one with it do not see the same load. CHUNK=n interleaves them instead: n
 * notices are made due, sent, then PAUSE_S seconds (default 4) of nothing,
 * and so on, with the list called throughout; the list's p50/p99 in the quiet
 * windows and in the fan-out windows of the same minutes are printed too
 * (the time to deliver is then the sum of the chunks' sending times).
 *
 *   npx tsx scripts/bench/followers-fan-out.ts
 *   FOLLOWERS=10000 BASELINE_S=15 UNPACED=1 npx tsx scripts/bench/followers-fan-out.ts
 *   FOLLOWER_PUSH_RATE=500 FOLLOWERS=10000 npx tsx scripts/bench/followers-fan-out.ts
 *   FOLLOWERS=10000 CHUNK=1000 UNPACED=1 npx tsx scripts/bench/followers-fan-out.ts
 *
 * Needs the server bundle (`npx vite build --config vite.server.config.ts`).
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { browserSubscription, decryptPush, verifyVapid } from '../../tests/api/support/push-service.ts';
import { startServer } from '../../tests/e2e/support/server-process.ts';
import { startCluster } from './postgres-cluster.ts';
import { cpuSeconds } from './proc-cpu.ts';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 50_000);
const LIST_RATE = Number(process.env.LIST_RATE ?? 20);
const BASELINE_S = Number(process.env.BASELINE_S ?? 15);
const DELIVER_DEADLINE_S = Number(process.env.DELIVER_DEADLINE_S ?? 900);
const PACED_RATE = process.env.FOLLOWER_PUSH_RATE;
/** Notices made due at a time, with PAUSE_S of no fan-out between (0: all at once). */
const CHUNK = Number(process.env.CHUNK ?? 0);
const PAUSE_S = Number(process.env.PAUSE_S ?? 4);
/** The modes in order (MODES=unpaced,paced runs the unpaced one first); UNPACED=1 is paced,unpaced. */
const MODES = (process.env.MODES ?? (process.env.UNPACED === '1' ? 'paced,unpaced' : 'paced'))
  .split(',')
  .map((mode) => {
    if (mode !== 'paced' && mode !== 'unpaced') throw new Error(`MODES: paced or unpaced, not ${mode}`);
    return mode as Mode;
  });
type Mode = 'paced' | 'unpaced';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/** Wall-clock ms, comparable between threads (each thread's performance.now() has its own origin). */
const wallMs = () => performance.timeOrigin + performance.now();

/** The push service, on its own thread: 201 to everything, endpoints counted, the first body kept. */
const STUB = String.raw`
const { parentPort } = require('node:worker_threads');
const { createServer } = require('node:http');
let endpoints = new Set();
let requests = 0;
let lastAt = 0;
let first = null;
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    requests += 1;
    endpoints.add(req.url || '');
    lastAt = performance.timeOrigin + performance.now();
    if (!first) first = { body: Buffer.concat(chunks), authorization: String(req.headers.authorization) };
    res.writeHead(201).end();
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  if (message === 'reset') {
    endpoints = new Set();
    requests = 0;
    lastAt = 0;
    first = null;
  }
  parentPort.postMessage({ endpoints: endpoints.size, requests, lastAt, first });
});
`;

interface StubStats {
  endpoints: number;
  requests: number;
  lastAt: number;
  first: { body: Uint8Array; authorization: string } | null;
}

async function startStub(): Promise<{
  origin: string;
  ask: (what: 'stats' | 'reset') => Promise<StubStats>;
  close: () => Promise<number>;
}> {
  const worker = new Worker(STUB, { eval: true });
  const port = await new Promise<number>((done) => worker.once('message', (m: { port: number }) => done(m.port)));
  let chain = Promise.resolve() as Promise<unknown>;
  const ask = (what: 'stats' | 'reset') => {
    const answer = chain.then(
      () =>
        new Promise<StubStats>((done) => {
          worker.once('message', done);
          worker.postMessage(what);
        }),
    );
    chain = answer;
    return answer;
  };
  return { origin: `http://127.0.0.1:${port}`, ask, close: () => worker.terminate() };
}

interface Result {
  mode: Mode;
  rate: string;
  publishMs: number;
  queued: number;
  delivered: number;
  requests: number;
  deliverS: number;
  cpuS: number;
  rssBefore: number;
  rssPeak: number;
  baseline: number[];
  during: number[];
  /** Interleaved runs: the list's calls in the quiet windows between chunks. */
  quiet: number[];
  loadBefore: string;
  loadAfter: string;
  states: string;
}

async function runMode(
  mode: Mode,
  databaseUrl: string,
  db: Db,
  stub: Awaited<ReturnType<typeof startStub>>,
  subscription: ReturnType<typeof browserSubscription>,
  round: number,
): Promise<Result> {
  const rate = mode === 'unpaced' ? '0' : PACED_RATE;
  const server = await startServer(
    {
      DATABASE_URL: databaseUrl,
      WORKERS: '1',
      PUSH_ALLOW_LOCAL: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      GOOGLE_PLACES_KEY: 'unused',
      ...(rate === undefined ? {} : { FOLLOWER_PUSH_RATE: rate }),
    },
    180_000,
    [],
    { discardOutput: true },
  );
  try {
    const login = async (email: string) => {
      const res = await fetch(`${server.baseURL}/api/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email, password: 'demo-password-1' }),
      });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access: string }).access;
    };
    const promoterToken = await login('promoter@example.com');
    const dashboardToken = await login('business@example.com');

    // The dashboard's list, at a fixed rate (an open loop: a slow answer does not slow the callers).
    const listOnce = async (): Promise<number> => {
      const start = performance.now();
      const res = await fetch(`${server.baseURL}/api/events/user/`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${dashboardToken}` },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`list: ${res.status}`);
      return performance.now() - start;
    };
    const measureList = async (until: () => boolean, minMs: number): Promise<number[]> => {
      const times: number[] = [];
      const inFlight: Promise<void>[] = [];
      const start = performance.now();
      while (performance.now() - start < minMs || !until()) {
        const at = performance.now() - start;
        inFlight.push(
          listOnce().then((ms) => {
            times.push(ms);
            if (process.env.SLOW_MS && ms > Number(process.env.SLOW_MS))
              console.log(`slow list call at +${(at / 1000).toFixed(2)} s: ${ms.toFixed(0)} ms`);
          }),
        );
        await sleep(1000 / LIST_RATE);
      }
      await Promise.all(inFlight);
      return times;
    };
    for (let i = 0; i < 20; i++) await listOnce(); // warm
    const loadBefore = loadAverage();
    const rssBefore = rssMb(server.pid);
    const baseline = await measureList(() => true, BASELINE_S * 1000);

    // Publish: one create through the API, its trigger queues every follower's notice.
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Fan-out Night',
      location_name: 'Manchester Band on the Wall',
      latitude: '53.4860',
      longitude: '-2.2370',
      start_date: `2031-05-${String(9 + round).padStart(2, '0')}`,
      start_time: '21:00',
    }))
      form.append(name, value);
    await stub.ask('reset');
    const publishStart = performance.now();
    const created = await fetch(`${server.baseURL}/api/events/create/`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${promoterToken}` },
      body: form,
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const publishMs = performance.now() - publishStart;
    const queued = (
      await db.query<{ n: number }>("SELECT count(*)::int AS n FROM follow_notices WHERE state = 'pending'")
    ).rows[0]!.n;

    let rssPeak = rssMb(server.pid);
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 100);
    let stats = await stub.ask('stats');
    const poller = setInterval(() => void stub.ask('stats').then((s) => (stats = s)), 20);
    const fanStart = wallMs();
    const cpuStart = cpuSeconds(server.pid);
    const deadline = fanStart + DELIVER_DEADLINE_S * 1000;
    let during: number[];
    let quiet: number[] = [];
    let activeMs: number;
    if (CHUNK <= 0) {
      // The minute's hold for more edits is skipped: the clock starts when the notices are due.
      await db.query("UPDATE follow_notices SET quiet_since = '-infinity' WHERE state = 'pending'");
      during = await measureList(() => stats.endpoints >= FOLLOWERS || wallMs() > deadline, 2_000);
      while (stats.endpoints < FOLLOWERS && wallMs() < deadline) await sleep(20);
      activeMs = stats.lastAt - fanStart;
    } else {
      // Interleaved: CHUNK notices made due, sent, then PAUSE_S of nothing, again and again, the
      // list called all along. Each call counts for the window it began and ended in (fan-out or
      // quiet; calls spanning a change, and the worker's poll before a chunk starts, count for
      // neither), so both sides of the ratio see the same load from the rest of the host.
      type Phase = 'quiet' | 'gap' | 'during';
      let phase = 'gap' as Phase;
      const windows = { quiet: [] as number[], during: [] as number[] };
      let calling = true;
      const caller = (async () => {
        const inFlight: Promise<void>[] = [];
        while (calling) {
          const began: Phase = phase;
          inFlight.push(
            listOnce().then((ms) => {
              const now: Phase = phase;
              if (began !== 'gap' && now === began) windows[began].push(ms);
              if (process.env.SLOW_MS && ms > Number(process.env.SLOW_MS))
                console.log(
                  `slow list call in ${began}→${now} at +${((wallMs() - fanStart) / 1000).toFixed(1)} s: ${ms.toFixed(0)} ms`,
                );
            }),
          );
          await sleep(1000 / LIST_RATE);
        }
        await Promise.all(inFlight);
      })();
      activeMs = 0;
      let delivered = 0;
      // Held until their chunk: past the server's settle time (a minute) they would go out on their own.
      await db.query("UPDATE follow_notices SET quiet_since = 'infinity' WHERE state = 'pending'");
      while (delivered < queued && wallMs() < deadline) {
        phase = 'quiet';
        await sleep(PAUSE_S * 1000);
        phase = 'gap';
        const made = (
          await db.query(
            `UPDATE follow_notices SET quiet_since = '-infinity' WHERE id IN (
               SELECT id FROM follow_notices WHERE state = 'pending' AND quiet_since = 'infinity' ORDER BY id LIMIT $1)
             RETURNING id`,
            [CHUNK],
          )
        ).rows.length;
        const target = delivered + made;
        while (stats.endpoints <= delivered && wallMs() < deadline) await sleep(5);
        phase = 'during';
        const began = wallMs();
        while (stats.endpoints < target && wallMs() < deadline) await sleep(5);
        phase = 'gap';
        activeMs += stats.lastAt - began;
        delivered = stats.endpoints;
        await sleep(300); // the chunk's last group of sent marks
      }
      calling = false;
      await caller;
      during = windows.during;
      quiet = windows.quiet;
    }
    clearInterval(poller);
    stats = await stub.ask('stats');
    const cpuS = cpuSeconds(server.pid) - cpuStart;
    clearInterval(sampler);
    const loadAfter = loadAverage();
    await sleep(300); // the last group of sent marks
    const states = (
      await db.query<{ state: string; n: number }>(
        'SELECT state, count(*)::int AS n FROM follow_notices GROUP BY 1 ORDER BY 1',
      )
    ).rows
      .map((r) => `${r.state} ${r.n}`)
      .join(', ');

    // The first message, as its browser would read it.
    if (round === 0 && stats.first) {
      const vapidKey = (await (await fetch(`${server.baseURL}/api/push/key/`)).json()) as { public_key: string };
      const claims = await verifyVapid(stats.first.authorization, vapidKey.public_key, stub.origin);
      const payload = JSON.parse(decryptPush(subscription, Buffer.from(stats.first.body))) as { title: string };
      console.log(
        `First message checked: VAPID JWT for ${String(claims.aud)} verified, payload title "${payload.title}".`,
      );
    }
    return {
      mode,
      rate: rate === undefined ? 'default' : rate,
      publishMs,
      queued,
      delivered: stats.endpoints,
      requests: stats.requests,
      deliverS: activeMs / 1000,
      quiet,
      cpuS,
      rssBefore,
      rssPeak,
      baseline,
      during,
      loadBefore,
      loadAfter,
      states,
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const cluster = await startCluster('durable');
  const admin = await openPostgres(cluster.url, { max: 1 });
  await admin.query('CREATE DATABASE roamly_fanout');
  await admin.close();
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/roamly_fanout');
  const stub = await startStub();
  const subscription = browserSubscription('http://127.0.0.1/unused');
  let db: Db | null = null;
  const results: Result[] = [];
  try {
    for (const [round, mode] of MODES.entries()) {
      if (round === 0) {
        // The first server migrates and seeds the demo accounts; then the followers are seeded.
        const migrated = await startServer(
          { DATABASE_URL: databaseUrl, WORKERS: '1', NODE_ENV: 'development', LOG_LEVEL: 'warn' },
          180_000,
          [],
          { discardOutput: true },
        );
        await migrated.stop();
        db = await openPostgres(databaseUrl, { max: 2 });
        const seedStart = performance.now();
        await db.query(
          `INSERT INTO follows (target_kind, user_id, channel, endpoint, p256dh, auth, token_hash, confirmed_at, created_at)
           SELECT 'promoter', u.id, 'push', $1 || g, $2, $3, encode(sha256(('bench-' || g)::bytea), 'base64'), now(), now()
             FROM users u, generate_series(1, $4::int) g WHERE u.email = 'promoter@example.com'`,
          [`${stub.origin}/sub/`, subscription.keys.p256dh, subscription.keys.auth, FOLLOWERS],
        );
        await db.query('ANALYZE follows');
        console.log(
          `Seeded ${FOLLOWERS} follows with SQL in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`,
        );
      }
      results.push(await runMode(mode, databaseUrl, db!, stub, subscription, round));
    }
  } finally {
    await db?.close();
    await stub.close();
    cluster.stop();
  }

  const p = (values: number[], q: number) => percentile(values, q).toFixed(1);
  const cpus = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 0;
  const lines = [
    `\nFollowers' fan-out: ${FOLLOWERS} push followers of one promoter, one API process (WORKERS=1) per mode,`,
    `PostgreSQL 15 with default durability on the same machine (${cpus} cores), push-service stub on loopback (its own thread).`,
    '',
  ];
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(34) : c.padStart(16))).join('');
  const table: [string, (r: Result) => string][] = [
    ['FOLLOWER_PUSH_RATE', (r) => r.rate],
    ['load average before', (r) => r.loadBefore.split(' ')[0]!],
    ['load average after', (r) => r.loadAfter.split(' ')[0]!],
    ['publishing (trigger queues all)', (r) => `${r.publishMs.toFixed(0)} ms`],
    ['delivered (distinct endpoints)', (r) => `${r.delivered}/${r.queued}`],
    [CHUNK > 0 ? 'time sending (chunks summed)' : 'time to deliver all', (r) => `${r.deliverS.toFixed(1)} s`],
    ['messages/s', (r) => (r.delivered / r.deliverS).toFixed(0)],
    ['API CPU per message', (r) => `${((r.cpuS * 1000) / Math.max(1, r.delivered)).toFixed(2)} ms`],
    // Interleaved, the CPU is counted over the quiet windows too.
    ['API CPU share of one core', (r) => (CHUNK > 0 ? '—' : `${((100 * r.cpuS) / r.deliverS).toFixed(0)} %`)],
    ['RSS before → peak', (r) => `${r.rssBefore.toFixed(0)} → ${r.rssPeak.toFixed(0)} MB`],
    [`list calls without / during`, (r) => `${r.baseline.length} / ${r.during.length}`],
    ['list p50 without → during', (r) => `${p(r.baseline, 50)} → ${p(r.during, 50)}`],
    ['list p99 without → during', (r) => `${p(r.baseline, 99)} → ${p(r.during, 99)}`],
    ['list max during', (r) => `${p(r.during, 100)} ms`],
    ['p99 during / without', (r) => `${(percentile(r.during, 99) / percentile(r.baseline, 99)).toFixed(2)}×`],
    ...(CHUNK > 0
      ? ([
          ['interleaved: calls quiet / fan-out', (r) => `${r.quiet.length} / ${r.during.length}`],
          ['interleaved: p50 quiet → fan-out', (r) => `${p(r.quiet, 50)} → ${p(r.during, 50)}`],
          ['interleaved: p99 quiet → fan-out', (r) => `${p(r.quiet, 99)} → ${p(r.during, 99)}`],
          [
            'interleaved: p99 fan-out / quiet',
            (r) => `${(percentile(r.during, 99) / percentile(r.quiet, 99)).toFixed(2)}×`,
          ],
        ] as [string, (r: Result) => string][])
      : []),
  ];
  lines.push(row(['', ...results.map((r) => r.mode)]));
  for (const [label, cell] of table) lines.push(row([label, ...results.map(cell)]));
  // Every mode's "during" against the first mode's baseline too: one yardstick for all.
  if (results.length > 1) {
    const base = percentile(results[0]!.baseline, 99);
    lines.push(
      row(['p99 during / first baseline', ...results.map((r) => `${(percentile(r.during, 99) / base).toFixed(2)}×`)]),
    );
  }
  lines.push('', `Notices by state at the end: ${results.at(-1)!.states}`, 'Target: p99 during ≤ 1.5× without.');
  console.log(lines.join('\n'));
}

await main();
