/**
 * Replays two resource attacks an outside review made (an event count that grows the list cache, parallel uploads past the quota) against a real server process
 * and prints what they cost everyone else:
 *
 * 1. Memory (finding 1): one account creates many events, then lists them
 *    with many different `Host` headers (a cache keyed on Host kept one body
 *    per value).
 * 2. CPU (finding 2): 20 anonymous clients hammer places autocomplete with
 *    inputs that used to be expensive ("s,qqqq"), while a prober measures
 *    `/api/health`.
 *
 * Prints the server's RSS when idle, after each attack, and the health
 * latency p50/p99 with and without the attack. Goals: RSS growth ≤ 50 MB,
 * health p99 ≤ 20 ms under attack. Works against old and new code: when event
 * creation hits a cap or a rate limit, the attack goes on with what exists.
 *
 *   npx tsx scripts/bench/abuse.ts
 *   ABUSE_ROOT=/tmp/old-checkout npx tsx scripts/bench/abuse.ts   # the same attack on another checkout
 *   ABUSE_ONLY=cpu npx tsx scripts/bench/abuse.ts                  # or memory
 *   ABUSE_EVENTS=4000 ABUSE_HOSTS=80 ABUSE_CLIENTS=20 ABUSE_SECONDS=15 DATABASE_URL=… npx tsx scripts/bench/abuse.ts
 *
 * The server runs as one process (WORKERS=1) with a fresh DATA_DIR; with
 * DATABASE_URL, use a fresh database (events from an earlier run count).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from '../../tests/e2e/support/server-process.ts';

const root = resolve(process.env.ABUSE_ROOT ?? join(import.meta.dirname, '..', '..'));
const eventsWanted = Number(process.env.ABUSE_EVENTS ?? 4000);
const hosts = Number(process.env.ABUSE_HOSTS ?? 80);
const clients = Number(process.env.ABUSE_CLIENTS ?? 20);
const seconds = Number(process.env.ABUSE_SECONDS ?? 15);
/** Give up creating events after this long; the attack goes on with what exists. */
const createBudgetMs = Number(process.env.ABUSE_CREATE_SECONDS ?? 120) * 1000;

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
let port = 0;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request; `Host` can be anything (fetch would not let us set it). */
function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer | string; keepBody?: boolean } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (options.keepBody !== false) chunks.push(chunk);
      });
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(options.body);
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function signIn(): Promise<string> {
  const res = await send('POST', '/api/auth/login/', {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'business@example.com', password: 'demo-password-1' }),
  });
  if (res.status !== 200) throw new Error(`login → ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { access: string }).access;
}

function multipart(fields: Record<string, string>): { body: Buffer; type: string } {
  const boundary = `----abuse${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: Buffer.from(parts.join('') + `--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Creates events until `eventsWanted`, a cap (4xx other than 429), a long 429, or the time budget. */
async function createEvents(token: string): Promise<{ created: number; stoppedBy: string }> {
  const bio = 'A long evening of music and food by the river, with guests from across the city. '.repeat(24);
  const started = Date.now();
  let created = 0;
  let stoppedBy = 'target reached';
  let next = 0;
  const worker = async () => {
    while (next < eventsWanted && stoppedBy === 'target reached') {
      if (Date.now() - started > createBudgetMs) {
        stoppedBy = `time budget (${createBudgetMs / 1000} s)`;
        return;
      }
      const i = next++;
      const form = multipart({
        title: `Abuse event ${i}`,
        bio,
        location_name: 'London, England, GB',
        start_date: '2026-12-01',
        start_time: '19:00',
        end_date: '2026-12-01',
        end_time: '23:00',
        event_type: 'music',
        event_subtype: 'Jazz',
        keywords: JSON.stringify(['jazz', 'river', 'late']),
      });
      const res = await send('POST', '/api/events/create/', {
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': form.type },
        body: form.body,
      });
      if (res.status === 201) created++;
      else if (res.status === 429 && Number(res.headers['retry-after']) <= 5) {
        next--;
        await sleep(Number(res.headers['retry-after']) * 1000);
      } else {
        stoppedBy = `${res.status} ${res.body.slice(0, 160)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { created, stoppedBy };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/** Probes /api/health every 20 ms while `during` runs; returns p50 and p99 in ms. */
async function healthLatency(during: Promise<unknown>): Promise<{ p50: number; p99: number; n: number }> {
  let running = true;
  void during.finally(() => (running = false));
  const times: number[] = [];
  while (running) {
    const start = performance.now();
    await send('GET', '/api/health');
    times.push(performance.now() - start);
    await sleep(20);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length };
}

/** `clients` anonymous clients from one address in a loop on autocomplete. */
async function hammerAutocomplete(): Promise<Record<number, number>> {
  const inputs = ['s,qqqq', 'a,zzzz', 'san', 'sai,xx', 'm,qqqq', 'lond', 'b, zz', 'par'];
  const statuses: Record<number, number> = {};
  const until = Date.now() + seconds * 1000;
  const client = async (n: number) => {
    for (let i = n; Date.now() < until; i++) {
      const input = encodeURIComponent(inputs[i % inputs.length]!);
      const res = await send('GET', `/api/media_feed/places-autocomplete/?input=${input}&platform=web`, {
        keepBody: false,
      });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return statuses;
}

async function listWithManyHosts(token: string): Promise<{ bytes: number; statuses: Record<number, number> }> {
  let bytes = 0;
  const statuses: Record<number, number> = {};
  for (let round = 0; round < 2; round++) {
    for (let h = 0; h < hosts; h += 4) {
      await Promise.all(
        [0, 1, 2, 3].map(async (k) => {
          const res = await send('GET', '/api/events/user/', {
            headers: { Authorization: `Bearer ${token}`, Host: `attacker-${h + k}.example` },
          });
          bytes += res.body.length;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }),
      );
    }
  }
  return { bytes, statuses };
}

/** Finding 2 on the idle server: health latency while `clients` hammer autocomplete. */
async function cpuAttack(pid: number, idle: number): Promise<{ rss: number; p99: number }> {
  const attack = hammerAutocomplete();
  const loaded = await healthLatency(attack);
  const statuses = await attack;
  const rss = rssMb(pid);
  console.log(`attack 2: ${clients} clients × ${seconds} s on autocomplete, statuses ${JSON.stringify(statuses)}`);
  console.log(`/api/health, under attack 2:        p50 ${loaded.p50} ms   p99 ${loaded.p99} ms   (${loaded.n} probes)`);
  console.log(`RSS idle ${idle} MB → after attack 2 ${rss} MB`);
  return { rss, p99: loaded.p99 };
}

/** Finding 1: many events, then lists under many Host values. */
async function memoryAttack(pid: number, idle: number): Promise<number> {
  const token = await signIn();
  const { created, stoppedBy } = await createEvents(token);
  console.log(`attack 1: created ${created} events (stopped by: ${stoppedBy}); RSS ${rssMb(pid)} MB`);
  const listed = await listWithManyHosts(token);
  const rss = rssMb(pid);
  console.log(
    `attack 1: ${2 * hosts} lists with ${hosts} Host values, ${(listed.bytes / 1e6).toFixed(1)} MB sent, statuses ${JSON.stringify(listed.statuses)}`,
  );
  console.log(`RSS idle ${idle} MB → after attack 1 ${rss} MB`);
  return rss;
}

const only = process.env.ABUSE_ONLY; // "cpu" or "memory"; both by default
const dataDir = mkdtempSync(join(tmpdir(), 'roamly-abuse-'));
const server = await startServer(
  { NODE_ENV: '', WORKERS: '1', ROAMLY_DIST: join(dataDir, 'no-dist') }, // one process: the RSS measured is the one serving
  60_000,
  [],
  { root, dataDir, discardOutput: true },
);
port = server.port;
const pid = server.pid;
try {
  await sleep(3000); // let start-up work (and an old in-memory gazetteer warm-up) finish
  const idle = rssMb(pid);
  console.log(`server ${root} (pid ${pid}), idle RSS ${idle} MB`);
  const quiet = await healthLatency(sleep(3000));
  console.log(`/api/health, no attack:             p50 ${quiet.p50} ms   p99 ${quiet.p99} ms   (${quiet.n} probes)`);
  // The CPU attack runs first, on the idle server, so a heap the memory attack
  // grew (and its garbage collection) does not blur the latency it measures.
  let highest = idle;
  if (only !== 'memory') {
    const cpu = await cpuAttack(pid, idle);
    highest = Math.max(highest, cpu.rss);
    console.log(`goal health p99 ≤ 20 ms under attack 2: ${cpu.p99} ms ${cpu.p99 <= 20 ? 'PASS' : 'FAIL'}`);
  }
  if (only !== 'cpu') highest = Math.max(highest, await memoryAttack(pid, idle));
  const growth = Math.round((highest - idle) * 10) / 10;
  console.log(`goal RSS growth ≤ 50 MB: ${growth} MB ${growth <= 50 ? 'PASS' : 'FAIL'}`);
} finally {
  await server.stop();
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
