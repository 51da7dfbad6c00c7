/**
 * The outbox's cost at scale: 10,000 edits made offline to
 * 500 records, then reconnect. The real outbox (fake-indexeddb in Node)
 * against the real API app in-process (createApp over PGlite), with 1 % of
 * writes answered 503 before they are applied. Reports the enqueue time per
 * edit (p50/p99), the stored queue's size, requests sent (bound: 500 + one per
 * injected fault) and the drain time. Run through `npx tsx scripts/bench/outbox.ts --scale`.
 *
 * Not measured here: the main thread's longest task in a real browser during
 * the drain (fake-indexeddb is not the browser's IndexedDB): that is
 * `npx tsx scripts/bench/outbox.ts --browser` (outbox-browser.ts).
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { createApiClient } from '../../src/shared/api/api-client.ts';
import { createLocalLocks } from '../../src/shared/api/locks.ts';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import { enqueueIntent, listEntries } from '../../src/shared/outbox/outbox-repository.ts';
import { createOutboxRunner } from '../../src/shared/outbox/outbox-runner.ts';
import { connectRealServer, startOutboxApp } from '../../tests/unit/support/outbox-real-server.ts';

const RECORDS = Number(/--records=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 500);
const EDITS = Number(/--edits=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 10_000);
const FAULT_RATE = 0.01;

export async function runScale(): Promise<void> {
  // The scenario is beyond one account's write limits by design (500 events is the cap, 60 writes a
  // minute): this measures the outbox, so the limits are lifted.
  const unlimited = { max: 1_000_000, windowSeconds: 60 };
  const api = await startOutboxApp({
    writePolicy: { writesPerMinute: unlimited, writesPerDay: unlimited, eventsPerAccount: 1_000_000 },
  });
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let faults = 0;
  let counting = false;
  const server = await connectRealServer(api, {
    fault: () => {
      if (!counting || random() >= FAULT_RATE) return 'none';
      faults += 1;
      return 'error';
    },
  });
  let online = true;
  const locks = createLocalLocks();
  let tokens = server.tokens;
  const client = createApiClient({
    fetch: server.fetch,
    locks,
    tokens: { read: async () => tokens, write: async (pair) => void (tokens = pair), clear: async () => undefined },
  });
  const runner = createOutboxRunner({
    database: openDatabase,
    transport: client,
    now: () => Date.now(),
    random,
    isOnline: () => online,
    currentUserId: async () => server.userId,
    locks,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  const db = await openDatabase();
  let ids = 0;
  const ctx = () => ({ userId: server.userId, now: Date.now(), newId: () => `scale-${++ids}` });

  // 500 records that exist on the server (created online, not measured).
  for (let r = 0; r < RECORDS; r += 1) {
    await enqueueIntent(db, { kind: 'event.create', target: `event:tmp-${r}`, fields: { title: `s${r}-v0` } }, ctx());
  }
  await runner.flush();
  const idMap = (await db.get('meta', 'outbox-idmap')) as Record<string, number>;

  // Offline: 10,000 edits spread over the records.
  online = false;
  const enqueueMs: number[] = [];
  for (let e = 0; e < EDITS; e += 1) {
    const r = e % RECORDS;
    const id = idMap[`event:tmp-${r}`]!;
    const started = performance.now();
    await enqueueIntent(
      db,
      {
        kind: 'event.update',
        target: `event:${id}`,
        baseVersion: 1,
        fields: { title: `s${r}-v${e}`, bio: `edit ${e}` },
      },
      ctx(),
    );
    enqueueMs.push(performance.now() - started);
  }
  const stored = await listEntries(db);
  const queueBytes = Buffer.byteLength(JSON.stringify(stored));

  // Reconnect and drain.
  online = true;
  counting = true;
  const before = server.requests;
  const drainStart = performance.now();
  for (let round = 0; round < 200; round += 1) {
    const result = await runner.flush();
    if (result.nextWakeAt === null && (await listEntries(db)).length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, (result.nextWakeAt ?? Date.now()) - Date.now())));
  }
  const drainMs = performance.now() - drainStart;
  const requests = server.requests - before;
  const left = (await listEntries(db)).length;
  const events = await server.titled('s');
  const wrong = events.filter((event) => {
    const r = Number(/^s(\d+)-/.exec(event.title)?.[1]);
    const lastEdit = EDITS - RECORDS + r;
    return event.title !== `s${r}-v${lastEdit}`;
  }).length;
  await api.close();

  enqueueMs.sort((a, b) => a - b);
  const pct = (p: number) => enqueueMs[Math.min(enqueueMs.length - 1, Math.floor((p / 100) * enqueueMs.length))]!;
  console.log(`\nScale: ${EDITS} edits made offline to ${RECORDS} records, then reconnect (1 % of writes 503).`);
  console.log(`enqueue per edit: p50 ${pct(50).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms (goal p99 ≤ 5 ms)`);
  console.log(`queue stored: ${stored.length} entries, ${(queueBytes / 1024).toFixed(1)} KiB as JSON`);
  console.log(
    `requests on reconnect: ${requests} (bound ${RECORDS} + ${faults} injected faults = ${RECORDS + faults})`,
  );
  console.log(`drain: ${(drainMs / 1000).toFixed(2)} s; entries left ${left}; records not at their last edit ${wrong}`);
}
