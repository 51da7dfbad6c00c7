/**
 * Benchmark: our outbox vs workbox-background-sync's Queue on one scripted
 * flaky network (offline window while editing, 10 % 503s, 10 % drops after
 * commit, 300 ms latency, a short offline blip during the drain), 200 edits
 * over 20 records. Runs in Node with fake-indexeddb; prints one table.
 *
 *   npx tsx scripts/bench/outbox.ts
 *   npx tsx scripts/bench/outbox.ts --scale   (10,000 offline edits to 500 records: outbox-scale.ts)
 *   npx tsx scripts/bench/outbox.ts --browser (the same in Chromium, Events screen open: longest
 *                                             main-thread task and scrolling during the drain; outbox-browser.ts)
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createApiClient } from '../../src/shared/api/api-client.ts';
import { createLocalLocks } from '../../src/shared/api/locks.ts';
import { openDatabase, resetDatabaseConnection } from '../../src/shared/db/open-database.ts';
import { enqueueIntent, listEntries } from '../../src/shared/outbox/outbox-repository.ts';
import { createOutboxRunner, DEFAULT_CONCURRENCY } from '../../src/shared/outbox/outbox-runner.ts';
import { createContractServer } from './outbox-contract-server.ts';
import { createNetwork, seededRandom, type NetworkScript } from './outbox-network.ts';

const RECORDS = 20;
const EDITS = 200;
const script: NetworkScript = {
  latencyMs: 300,
  errorRate: 0.1,
  dropRate: 0.1,
  // Edits happen in the first 2 s (offline: a tunnel); reconnect at 2 s; a 400 ms blip at 2.9 s.
  offline: [
    [0, 2000],
    [2900, 3300],
  ],
  seed: 20261123,
};
// `--browser`: the 10,000-edit run in Chromium with the dashboard open (scripts/bench/outbox-browser.ts).
if (process.argv.includes('--browser')) {
  const { runBrowser } = await import('./outbox-browser.ts');
  await runBrowser();
  process.exit(0);
}
// `--scale`: the 10,000-edit run instead (scripts/bench/outbox-scale.ts).
if (process.argv.includes('--scale')) {
  const { runScale } = await import('./outbox-scale.ts');
  await runScale();
  process.exit(0);
}
const SEEDS = Number(/--seeds=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 1);
const RECONNECT_AT = 2000;
const BLIP_MS = 400;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Result {
  name: string;
  requests: number;
  faults: number;
  drainMs: number;
  lost: number;
  duplicated: number;
}

/** Seeds 20 records (version 1) and returns the server plus the user's intended final titles. */
function setup(network: ReturnType<typeof createNetwork>) {
  const server = createContractServer({
    latency: script.latencyMs,
    fault: () => network.nextFault(),
  });
  for (let id = 1; id <= RECORDS; id += 1) server.events.set(id, { id, version: 1, title: `r${id}-e0` });
  const last = new Map<number, string>();
  return { server, last };
}

function score(
  name: string,
  server: ReturnType<typeof createContractServer>,
  last: Map<number, string>,
  drainMs: number,
  requests: number,
): Result {
  let lost = 0;
  for (const [id, title] of last) if (server.events.get(id)?.title !== title) lost += 1;
  let duplicated = 0;
  for (const count of server.applied.values()) duplicated += Math.max(0, count - 1);
  return { name, requests, faults: server.faults, drainMs, lost, duplicated };
}

/** Edit k of the run: record (k mod 20) + 1, a new title; spread over the offline window. */
const editAt = (k: number) => ({
  id: (k % RECORDS) + 1,
  title: `r${(k % RECORDS) + 1}-e${k + 1}`,
  at: (k * 1900) / EDITS,
});

async function runOutbox(): Promise<Result> {
  globalThis.indexedDB = new IDBFactory();
  resetDatabaseConnection();
  const startedAt = Date.now();
  const network = createNetwork(script, startedAt);
  const { server, last } = setup(network);
  let requests = 0;
  const fetch = async (input: string, init: RequestInit) => {
    if (!network.isOnline()) throw new TypeError('Failed to fetch (offline)');
    requests += 1;
    return server.fetch(input, init);
  };
  let ids = 0;
  const locks = createLocalLocks();
  const client = createApiClient({
    fetch,
    locks,
    tokens: { read: async () => ({ access: 'a', refresh: 'r' }), write: async () => {}, clear: async () => {} },
  });
  const runner = createOutboxRunner({
    database: openDatabase,
    transport: client,
    now: () => Date.now(),
    random: seededRandom(script.seed + 1),
    isOnline: () => network.isOnline(),
    currentUserId: async () => 7,
    locks,
    sleep,
  });
  // The page's triggers: flush on every change and on reconnect, then at each backoff wake-up.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async (): Promise<void> => {
    const result = await runner.flush();
    clearTimeout(timer);
    if (result.nextWakeAt !== null) timer = setTimeout(() => void flush(), Math.max(0, result.nextWakeAt - Date.now()));
  };
  const db = await openDatabase();
  for (let k = 0; k < EDITS; k += 1) {
    const edit = editAt(k);
    await sleep(Math.max(0, startedAt + edit.at - Date.now()));
    const intent = {
      kind: 'event.update',
      target: `event:${edit.id}`,
      baseVersion: 1,
      fields: { title: edit.title },
    } as const;
    await enqueueIntent(db, intent, { userId: 7, now: Date.now(), newId: () => `o-${++ids}` });
    last.set(edit.id, edit.title);
    void flush();
  }
  await sleep(Math.max(0, startedAt + RECONNECT_AT - Date.now()));
  const reconnectedAt = Date.now();
  void flush(); // the `online` event
  setTimeout(() => void flush(), script.offline[1]![1] - RECONNECT_AT); // `online` after the blip
  while ((await listEntries(db)).length > 0) await sleep(10);
  const drainMs = Date.now() - reconnectedAt;
  clearTimeout(timer);
  return score('our outbox', server, last, drainMs, requests);
}

let workboxRuns = 0;

async function runWorkbox(): Promise<Result> {
  // Just enough service-worker global scope for workbox-background-sync in Node.
  const listeners: Array<(event: unknown) => void> = [];
  Object.assign(globalThis, {
    self: globalThis,
    registration: { sync: { register: async () => {} } },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'sync') listeners.push(listener);
    },
  });
  process.env.NODE_ENV = 'production';
  const { Queue } = await import('workbox-background-sync');
  const startedAt = Date.now();
  const network = createNetwork(script, startedAt);
  const { server, last } = setup(network);
  let requests = 0;
  // What Queue.replayRequests calls: a Request in, the server's Response out.
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    if (!network.isOnline()) throw new TypeError('Failed to fetch (offline)');
    requests += 1;
    const headers = new Headers(request.headers);
    const response = await server.fetch(request.url, {
      method: request.method,
      headers,
      body: await request.formData(),
    });
    return response;
  };
  const queue = new Queue(`bench-${++workboxRuns}`);
  let syncing: Promise<void> | null = null;
  // The browser's sync event; fired again at once after a failed replay (kinder to workbox than real browsers).
  const fireSync = (): Promise<void> => {
    syncing ??= (async () => {
      while (network.isOnline() && (await queue.size()) > 0) {
        const waits: Array<Promise<unknown>> = [];
        const event = {
          tag: `workbox-background-sync:bench-${workboxRuns}`,
          lastChance: false,
          waitUntil: (p: Promise<unknown>) => waits.push(p),
        };
        listeners.forEach((listener) => listener(event));
        await Promise.allSettled(waits);
      }
    })().finally(() => {
      syncing = null;
    });
    return syncing;
  };
  for (let k = 0; k < EDITS; k += 1) {
    const edit = editAt(k);
    await sleep(Math.max(0, startedAt + edit.at - Date.now()));
    const body = new FormData();
    body.append('title', edit.title);
    const request = new Request(`http://bench.test/api/events/${edit.id}/update/`, {
      method: 'PUT',
      body,
      headers: { 'X-Edit-Id': `w-${k}` },
    });
    // BackgroundSyncPlugin: try the network; on failure queue the request.
    await queue.pushRequest({ request }); // offline throughout the edit window
    last.set(edit.id, edit.title);
  }
  await sleep(Math.max(0, startedAt + RECONNECT_AT - Date.now()));
  const reconnectedAt = Date.now();
  const blipEnd = startedAt + script.offline[1]![1];
  void fireSync();
  setTimeout(() => void fireSync(), blipEnd - Date.now());
  while ((await queue.size()) > 0 || syncing) {
    await sleep(10);
    if (!syncing && network.isOnline()) void fireSync();
  }
  const drainMs = Date.now() - reconnectedAt;
  return score('workbox Queue', server, last, drainMs, requests);
}

const results: Array<{ seed: number; ours: Result; theirs: Result }> = [];
const firstSeed = script.seed;
for (let run = 0; run < SEEDS; run += 1) {
  script.seed = firstSeed + run;
  const ours = await runOutbox();
  const theirs = await runWorkbox();
  results.push({ seed: script.seed, ours, theirs });
}
const rtt = script.latencyMs;
const requestBound = RECORDS;
const drainBound = Math.ceil(RECORDS / DEFAULT_CONCURRENCY) * rtt + BLIP_MS;
const cell = (value: string | number, width: number) => String(value).padStart(width);
const row = (seed: number | string, r: Result) =>
  `| ${cell(seed, 8)} | ${r.name.padEnd(13)} | ${cell(r.requests, 8)} | ${cell(r.faults, 6)} | ${cell((r.drainMs / 1000).toFixed(2), 7)} s | ${cell(r.lost, 4)} | ${cell(r.duplicated, 10)} |`;
console.log(
  `\n${EDITS} edits over ${RECORDS} records; latency ${rtt} ms; 503 ${script.errorRate * 100} %, ` +
    `drop-after-commit ${script.dropRate * 100} %; offline while editing + ${BLIP_MS} ms blip during the drain.\n`,
);
console.log('|     seed | client        | requests | faults |     drain | lost | duplicated |');
console.log('|----------|---------------|----------|--------|-----------|------|------------|');
for (const { seed, ours, theirs } of results) {
  console.log(row(seed, ours));
  console.log(row(seed, theirs));
}
console.log(
  `|    bound |               | ${cell(requestBound, 8)} |        | ${cell((drainBound / 1000).toFixed(2), 7)} s | ${cell(0, 4)} | ${cell(0, 10)} |`,
);
for (const { seed, ours } of results) {
  const faultBound = requestBound + ours.faults;
  // The same bound counting one unavoidable extra request per injected fault.
  const faultDrainBound = Math.ceil(faultBound / DEFAULT_CONCURRENCY) * rtt + BLIP_MS;
  console.log(
    `seed ${seed}: our requests ${(ours.requests / requestBound).toFixed(2)}× the bound ` +
      `(${(ours.requests / faultBound).toFixed(2)}× the bound plus one unavoidable retry per injected fault = ${faultBound}); ` +
      `drain ${(ours.drainMs / drainBound).toFixed(2)}× the bound (⌈${RECORDS}/${DEFAULT_CONCURRENCY}⌉ × ${rtt} ms + ${BLIP_MS} ms blip), ` +
      `${(ours.drainMs / faultDrainBound).toFixed(2)}× the fault-adjusted ${(faultDrainBound / 1000).toFixed(2)} s.`,
  );
}
process.exit(0);
