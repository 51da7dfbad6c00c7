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
 *
 * Printed side by side from one run: time to hand all messages to the push
 * service, messages/s, the API process's RSS before and at its peak (sampled
 * every 100 ms), and the dashboard's list (`GET /api/events/user/` of another
 * account, the business demo, with the dashboard's headers) p50/p99 at
 * LIST_RATE requests/s without the fan-out and during it, with the ratio
 * (target ≤ 1.5×).
 *
 *   npx tsx scripts/bench/followers-fan-out.ts
 *   FOLLOWERS=10000 LIST_RATE=20 BASELINE_S=8 npx tsx scripts/bench/followers-fan-out.ts
 *
 * Needs the server bundle (`npx vite build --config vite.server.config.ts`).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openPostgres } from '../../server/db/client.ts';
import { browserSubscription, decryptPush, verifyVapid } from '../../tests/api/support/push-service.ts';
import { startServer } from '../../tests/e2e/support/server-process.ts';
import { startCluster } from './postgres-cluster.ts';
import { cpuSeconds } from './proc-cpu.ts';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 50_000);
const LIST_RATE = Number(process.env.LIST_RATE ?? 20);
const BASELINE_S = Number(process.env.BASELINE_S ?? 10);
const DELIVER_DEADLINE_S = Number(process.env.DELIVER_DEADLINE_S ?? 600);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function main(): Promise<void> {
  const cluster = await startCluster('durable');
  const admin = await openPostgres(cluster.url, { max: 1 });
  await admin.query('CREATE DATABASE roamly_fanout');
  await admin.close();
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/roamly_fanout');

  // The push service: 201 to everything, endpoints counted; the first message is checked as a browser would.
  const subscription = browserSubscription('http://127.0.0.1/unused');
  const endpoints = new Set<string>();
  let requests = 0;
  let lastAt = 0;
  let firstBody: { body: Buffer; authorization: string } | null = null;
  const push = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      endpoints.add(req.url ?? '');
      lastAt = performance.now();
      firstBody ??= { body: Buffer.concat(chunks), authorization: String(req.headers.authorization) };
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((done) => push.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(push.address() as AddressInfo).port}`;

  const server = await startServer(
    {
      DATABASE_URL: databaseUrl,
      WORKERS: '1',
      PUSH_ALLOW_LOCAL: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      GOOGLE_PLACES_KEY: 'unused',
    },
    180_000,
    [],
    { discardOutput: true },
  );
  const db = await openPostgres(databaseUrl, { max: 2 });
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

    const seedStart = performance.now();
    await db.query(
      `INSERT INTO follows (target_kind, user_id, channel, endpoint, p256dh, auth, token_hash, confirmed_at, created_at)
       SELECT 'promoter', u.id, 'push', $1 || g, $2, $3, encode(sha256(('bench-' || g)::bytea), 'base64'), now(), now()
         FROM users u, generate_series(1, $4::int) g WHERE u.email = 'promoter@example.com'`,
      [`${origin}/sub/`, subscription.keys.p256dh, subscription.keys.auth, FOLLOWERS],
    );
    await db.query('ANALYZE follows');
    const seedS = (performance.now() - seedStart) / 1000;

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
        inFlight.push(listOnce().then((ms) => void times.push(ms)));
        await sleep(1000 / LIST_RATE);
      }
      await Promise.all(inFlight);
      return times;
    };
    for (let i = 0; i < 20; i++) await listOnce(); // warm
    const rssBefore = rssMb(server.pid);
    const baseline = await measureList(() => true, BASELINE_S * 1000);

    // Publish: one create through the API, its trigger queues every follower's notice.
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Fan-out Night',
      location_name: 'Manchester Band on the Wall',
      latitude: '53.4860',
      longitude: '-2.2370',
      start_date: '2031-05-09',
      start_time: '21:00',
    }))
      form.append(name, value);
    const publishStart = performance.now();
    const created = await fetch(`${server.baseURL}/api/events/create/`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${promoterToken}` },
      body: form,
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const publishMs = performance.now() - publishStart;
    const queued = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM follow_notices')).rows[0]!.n;

    let rssPeak = rssMb(server.pid);
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 100);
    // The minute's hold for more edits is skipped: the clock starts when the notices are due.
    await db.query("UPDATE follow_notices SET quiet_since = '-infinity'");
    const fanStart = performance.now();
    const cpuStart = cpuSeconds(server.pid);
    const deadline = fanStart + DELIVER_DEADLINE_S * 1000;
    const during = await measureList(() => endpoints.size >= FOLLOWERS || performance.now() > deadline, 2_000);
    while (endpoints.size < FOLLOWERS && performance.now() < deadline) await sleep(50);
    const deliverS = (lastAt - fanStart) / 1000;
    const cpuS = cpuSeconds(server.pid) - cpuStart;
    clearInterval(sampler);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    const sent = (
      await db.query<{ state: string; n: number }>(
        'SELECT state, count(*)::int AS n FROM follow_notices GROUP BY 1 ORDER BY 1',
      )
    ).rows;

    // The first message, as its browser would read it.
    const vapidKey = (await (await fetch(`${server.baseURL}/api/push/key/`)).json()) as { public_key: string };
    const claims = await verifyVapid(firstBody!.authorization, vapidKey.public_key, origin);
    const payload = JSON.parse(decryptPush(subscription, firstBody!.body)) as { title: string };

    const p = (values: number[], q: number) => percentile(values, q).toFixed(1);
    const ratio = percentile(during, 99) / percentile(baseline, 99);
    const cpus = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 0;
    console.log(
      [
        `\nFollowers' fan-out: ${FOLLOWERS} push followers of one promoter, one API process (WORKERS=1),`,
        `PostgreSQL 15 with default durability on the same machine (${cpus} cores, load average ${load} at the end), push-service stub on loopback.`,
        `Seeded ${FOLLOWERS} follows with SQL in ${seedS.toFixed(1)} s.`,
        `Publishing (POST /api/events/create/, the trigger queues ${queued} notices in its transaction): ${publishMs.toFixed(0)} ms`,
        `First message checked: VAPID JWT for ${String(claims.aud)} verified, payload title "${payload.title}".`,
        '',
        `Delivered to distinct endpoints   ${endpoints.size} of ${FOLLOWERS} (${requests} requests)`,
        `Time to deliver all               ${deliverS.toFixed(1)} s (from due to the last push answered)`,
        `Messages/s                        ${(endpoints.size / deliverS).toFixed(0)}`,
        `API process CPU                   ${cpuS.toFixed(1)} s, ${((cpuS * 1000) / endpoints.size).toFixed(2)} ms per message (both threads; the list calls' share included)`,
        `API process RSS                   ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB peak (+${(rssPeak - rssBefore).toFixed(0)} MB)`,
        `Notices by state                  ${sent.map((r) => `${r.state} ${r.n}`).join(', ')}`,
        '',
        `Dashboard list GET /api/events/user/ at ${LIST_RATE}/s     requests   p50 ms   p99 ms   max ms`,
        `  without the fan-out                            ${String(baseline.length).padStart(8)}   ${p(baseline, 50).padStart(6)}   ${p(baseline, 99).padStart(6)}   ${p(baseline, 100).padStart(6)}`,
        `  during the fan-out                             ${String(during.length).padStart(8)}   ${p(during, 50).padStart(6)}   ${p(during, 99).padStart(6)}   ${p(during, 100).padStart(6)}`,
        `  p99 during / without                           ${ratio.toFixed(2)}× (target ≤ 1.5×)`,
      ].join('\n'),
    );
  } finally {
    await db.close();
    await server.stop();
    push.close();
    cluster.stop();
  }
}

await main();
