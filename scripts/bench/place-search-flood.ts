/**
 * Place search from many addresses: FLOOD_CLIENTS anonymous clients (default
 * 20), each from an address of its own (X-Forwarded-For behind TRUST_PROXY=1,
 * as a proxy would send it), search places in a loop with ever new prefixes
 * while a prober times `/api/health` every 20 ms. Runs against one server
 * process (WORKERS=1) on its embedded PGlite, for this checkout and — with
 * FLOOD_BASE_ROOT — another one (an older commit), and prints both side by
 * side: health p50/p99 with no flood and under it, and what the searches got.
 * Goal: health p99 ≤ 50 ms under the flood. The clients run in a process of
 * their own, so the prober's figures are the server's, not a busy client's.
 *
 *   npx tsx scripts/bench/place-search-flood.ts
 *   git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   FLOOD_BASE_ROOT=/tmp/base npx tsx scripts/bench/place-search-flood.ts
 *   FLOOD_CLIENTS=20 FLOOD_SECONDS=15 …
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join, resolve } from 'node:path';
import { startServer } from '../../tests/e2e/support/server-process.ts';

const clients = Number(process.env.FLOOD_CLIENTS ?? 20);
const seconds = Number(process.env.FLOOD_SECONDS ?? 15);
const here = resolve(join(import.meta.dirname, '..', '..'));
const base = process.env.FLOOD_BASE_ROOT ? resolve(process.env.FLOOD_BASE_ROOT) : null;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** CPU seconds the process has used (user + system): on a shared machine it moves far less than latency. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return value === undefined ? NaN : Math.round(value * 10) / 10;
}

/** One GET; the body is read and dropped. */
function get(agent: Agent, port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** Prefixes an attacker would send to miss any cache: three to six letters, never the same twice in a row. */
function* prefixes(seed: number): Generator<string> {
  const letters = 'abcdefghijklmnoprstuvwy';
  let state = seed * 7919 + 17;
  for (;;) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const length = 3 + (state % 4);
    let input = '';
    for (let i = 0; i < length; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      input += letters[state % letters.length];
    }
    yield state % 5 === 0 ? `${input},qq` : input;
  }
}

/** Health p50/p99 while `during` runs, probing every 20 ms from an address of its own. */
async function healthLatency(agent: Agent, port: number, during: Promise<unknown>) {
  let running = true;
  void during.finally(() => (running = false));
  const times: number[] = [];
  // p99 of each 5 s: the searches the per-address limits let through come first, refusals after.
  const slices: number[][] = [];
  const start = performance.now();
  while (running) {
    const started = performance.now();
    await get(agent, port, '/api/health', { 'X-Forwarded-For': '192.0.2.1' });
    const took = performance.now() - started;
    times.push(took);
    (slices[Math.floor((started - start) / 5000)] ??= []).push(took);
    await sleep(20);
  }
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    n: times.length,
    bySlice: slices.map((slice) => percentile(slice, 99)),
  };
}

async function flood(port: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const until = Date.now() + seconds * 1000;
  const client = async (n: number) => {
    // One connection per client, as a script in a loop would hold.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const address = `198.51.100.${n + 1}`;
    const inputs = prefixes(n);
    while (Date.now() < until) {
      const input = encodeURIComponent(inputs.next().value!);
      const status = await get(agent, port, `/api/media_feed/places-autocomplete/?input=${input}&platform=web`, {
        'X-Forwarded-For': address,
      });
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return statuses;
}

/**
 * The flood in a child process (this script with `--flood <port>`), loaded and
 * waiting: `start()` sets it off (its start-up is no part of the measurement)
 * and resolves with its statuses.
 */
async function floodProcess(port: number): Promise<{ start(): Promise<Record<number, number>> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--flood', String(port)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Record<number, number>>((done, fail) =>
    child.once('exit', (code) =>
      code === 0
        ? done(JSON.parse(output.slice(output.indexOf('\n') + 1)) as Record<number, number>)
        : fail(new Error(`flood exited ${code}`)),
    ),
  );
  while (!output.includes('\n')) await sleep(50);
  return {
    start() {
      child.stdin.end('go\n');
      return exited;
    },
  };
}

interface Latency {
  p50: number;
  p99: number;
  n: number;
  bySlice: number[];
}

interface Run {
  quiet: Latency;
  flooded: Latency;
  statuses: Record<number, number>;
  /** The server's CPU seconds over the flood. */
  cpu: number;
}

async function run(root: string): Promise<Run> {
  const server = await startServer({ WORKERS: '1', TRUST_PROXY: '1', LOG_LEVEL: 'warn' }, 120_000, [], {
    root,
    discardOutput: true,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    // The gazetteer loads after start-up: wait until a search finds London.
    for (let i = 0; i < 300; i++) {
      const answer = await fetch(`${server.baseURL}/api/media_feed/places-autocomplete/?input=lond&platform=web`, {
        headers: { 'X-Forwarded-For': '192.0.2.99' },
      });
      if (answer.ok && (await answer.text()).includes('London')) break;
      await sleep(500);
    }
    await sleep(1000);
    const quiet = await healthLatency(agent, server.port, sleep(3000));
    const flooder = await floodProcess(server.port);
    const cpuBefore = cpuSeconds(server.pid);
    const attack = flooder.start();
    const flooded = await healthLatency(agent, server.port, attack);
    const cpu = Math.round((cpuSeconds(server.pid) - cpuBefore) * 10) / 10;
    return { quiet, flooded, statuses: await attack, cpu };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

if (process.argv[2] === '--flood') {
  process.stdout.write('ready\n');
  await new Promise((go) => process.stdin.once('data', go));
  process.stdout.write(JSON.stringify(await flood(Number(process.argv[3]))));
  process.exit(0);
}

const runs: [string, Run][] = [];
if (base) runs.push([`before (${base})`, await run(base)]);
runs.push([`after (${here})`, await run(here)]);

console.log(`${clients} anonymous clients, one address each, ${seconds} s of place search; one process on PGlite`);
for (const [label, result] of runs) {
  console.log(label);
  console.log(
    `  /api/health, quiet:         p50 ${result.quiet.p50} ms   p99 ${result.quiet.p99} ms   (${result.quiet.n})`,
  );
  console.log(
    `  /api/health, under flood:   p50 ${result.flooded.p50} ms   p99 ${result.flooded.p99} ms   (${result.flooded.n})`,
  );
  console.log(`  p99 per 5 s of flood: ${result.flooded.bySlice.join(' / ')} ms`);
  console.log(`  searches by status: ${JSON.stringify(result.statuses)}; server CPU ${result.cpu} s`);
}
if (runs.length === 2) {
  const [[, before], [, after]] = runs as [[string, Run], [string, Run]];
  console.log(
    `health under flood, before → after: p50 ${before.flooded.p50} → ${after.flooded.p50} ms, p99 ${before.flooded.p99} → ${after.flooded.p99} ms`,
  );
}
const last = runs.at(-1)![1];
console.log(`goal health p99 ≤ 50 ms under the flood: ${last.flooded.p99 <= 50 ? 'PASS' : 'FAIL'}`);
