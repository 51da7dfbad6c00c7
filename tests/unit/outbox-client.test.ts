/**
 * The outbox client built by its factory with fake clock, network, storage and
 * transport: one snapshot carries the summary, the entry views and the
 * per-record state, and they agree with the card overlay (one rank table).
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/shared/api/api-client.ts';
import { createLocalLocks } from '../../src/shared/api/locks.ts';
import { IDBFactory } from 'fake-indexeddb';
import { openDatabase, resetDatabaseConnection, type RoamlyDatabase } from '../../src/shared/db/open-database.ts';
import { createOutboxClient, type OutboxSnapshot } from '../../src/shared/outbox/outbox-client.ts';
import type { OutboxEvent } from '../../src/shared/outbox/outbox-runner.ts';
import { overlayEvents } from '../../src/shared/outbox/overlay.ts';
import { enqueueIntent } from '../../src/shared/outbox/outbox-repository.ts';
import type { OutboxEntryView } from '../../src/shared/outbox/overlay.ts';
import { summariseOutbox } from '../../src/shared/outbox/outbox-summary.ts';
import type { OutboxEntry } from '../../src/shared/outbox/entry.ts';

/** The database, with its whole-queue reads (`getAllFromIndex`) counted; one wrapper per connection. */
function countingDatabase() {
  const counter = { reads: 0 };
  const wrapped = new WeakMap<RoamlyDatabase, RoamlyDatabase>();
  const database = async () => {
    const db = await openDatabase();
    let proxy = wrapped.get(db);
    if (!proxy) {
      proxy = new Proxy(db, {
        get(target, name) {
          const value: unknown = Reflect.get(target, name, target);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (name === 'getAllFromIndex') counter.reads += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      wrapped.set(db, proxy);
    }
    return proxy;
  };
  return { counter, database };
}

function build(
  options: {
    online?: boolean;
    schedule?: (task: () => void) => void;
    fetch?: typeof fetch;
    database?: () => Promise<RoamlyDatabase>;
    broadcast?: (event: OutboxEvent) => void;
  } = {},
) {
  let online = options.online ?? true;
  let ids = 0;
  const snapshots: OutboxSnapshot[] = [];
  const timers: Array<() => void> = [];
  const client = createOutboxClient({
    clock: {
      now: () => 1_000,
      random: () => 0.5,
      setTimer: (task) => {
        timers.push(task);
        return () => undefined;
      },
    },
    network: { isOnline: () => online },
    storage: { database: options.database ?? openDatabase, currentUserId: async () => 7, newId: () => `c-${++ids}` },
    transport: createApiClient({
      locks: createLocalLocks(),
      tokens: { read: async () => ({ access: 'a', refresh: 'r' }), write: async () => {}, clear: async () => {} },
      fetch:
        options.fetch ??
        (async () =>
          new Response('{"detail":"Busy."}', { status: 503, headers: { 'Content-Type': 'application/json' } })),
    }),
    locks: createLocalLocks(),
    publish: (snapshot) => snapshots.push(snapshot),
    ...(options.schedule ? { schedule: options.schedule } : {}),
    ...(options.broadcast ? { broadcast: options.broadcast } : {}),
  });
  return { client, snapshots, setOnline: (value: boolean) => (online = value), last: () => snapshots.at(-1)! };
}

describe('outbox client', () => {
  it('publishes one snapshot with summary, entry views and per-record state that agree', async () => {
    const { client, last } = build({ online: false });
    await client.queueWrite({ kind: 'event.create', target: 'event:tmp-a', fields: { title: 'Gig' } }, 7);
    await client.queueWrite({ kind: 'profile.update', target: 'profile', fields: { bio: 'Hi' } }, 7);
    const snapshot = last();
    expect(snapshot.pending).toBe(2);
    expect(snapshot.views.map((view) => view.target)).toEqual(['event:tmp-a', 'profile']);
    expect(snapshot.byTarget['event:tmp-a']?.state).toBe('pending');
    expect(snapshot.online).toBe(false);
  });

  it('a transient failure backs off with injected jitter and stays queued', async () => {
    const { client, last } = build();
    const queued = await client.queueWrite(
      { kind: 'event.create', target: 'event:tmp-b', fields: { title: 'Gig' } },
      7,
    );
    expect(await queued.firstAttempt).toMatchObject({ kind: 'deferred', reason: 'retrying', status: 503 });
    await client.refresh();
    expect(last().views[0]).toMatchObject({ state: 'pending', lastError: 'Busy.', attempts: 1 });
    const [entry] = await (await openDatabase()).getAll('outbox');
    // attempts 1 → step 250 ms; jitter 0.5 → 125 + 62.5.
    expect(entry?.nextAttemptAt).toBe(1_000 + 187.5);
  });

  it('refreshes asked for while one reads share one more read, and each still sees its own change', async () => {
    const { client, snapshots } = build({ online: false });
    await client.queueWrite({ kind: 'event.create', target: 'event:tmp-a', fields: { title: 'One' } }, 7);
    const before = snapshots.length;
    // A drain asks three times per sent entry (sending, outcome, changed): ten asks, two reads.
    const asked = Array.from({ length: 10 }, () => client.refresh());
    await Promise.all(asked);
    expect(snapshots.length - before).toBe(2);
    // A change made while a read is under way is in the snapshot of a refresh asked for after it.
    const reading = client.refresh();
    const db = await openDatabase();
    await enqueueIntent(
      db,
      { kind: 'event.create', target: 'event:tmp-b', fields: { title: 'Two' } },
      {
        userId: 7,
        now: 1_000,
        newId: () => `direct-${Math.random()}`,
      },
    );
    const after = await client.refresh();
    await reading;
    expect(after.pending).toBe(2);
    expect(snapshots.at(-1)?.pending).toBe(2);
  });

  it('logging out anyway discards only that account’s writes, through the repository', async () => {
    const { client, last } = build({ online: false });
    await client.queueWrite({ kind: 'event.create', target: 'event:tmp-a', fields: { title: 'Mine' } }, 7);
    await client.queueWrite({ kind: 'event.create', target: 'event:tmp-b', fields: { title: 'Theirs' } }, 8);
    expect(await client.countEntriesOf(7)).toBe(1);
    await client.discardEntriesOf(7);
    expect(last().views.map((view) => view.fields.title)).toEqual(['Theirs']);
  });
});

describe('outbox client, the queue kept in memory (scripts/bench/outbox-browser.ts)', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const update = (id: number, title: string) =>
    ({ kind: 'event.update', target: `event:${id}`, baseVersion: 1, fields: { title } }) as const;

  it('an edit waits for its store only; the snapshot follows once per batch, without reading the queue again', async () => {
    const { counter, database } = countingDatabase();
    const tasks: Array<() => void> = [];
    const told: OutboxEvent[] = [];
    const { client, snapshots, last } = build({
      online: false,
      database,
      schedule: (task) => tasks.push(task),
      broadcast: (event) => told.push(event),
    });
    await client.queueWrite(update(1, 'first'), 7); // nothing read yet: this one waits for the read
    expect(counter.reads).toBe(1);
    const before = snapshots.length;
    for (let i = 2; i <= 21; i += 1) await client.queueWrite(update(i, `edit ${i}`), 7);
    await client.queueWrite(update(2, 'edit 2 again'), 7); // coalesced into the queued entry
    expect(snapshots.length).toBe(before); // nothing published before the batch runs
    expect(told).toEqual([]); // other contexts hear with the batch too
    expect(tasks.length).toBeLessThanOrEqual(2); // one publication, one 'changed' for other contexts
    for (const task of tasks.splice(0)) task();
    expect(told).toEqual([{ type: 'changed' }]); // once for the 22 edits
    await settle();
    expect(snapshots.length).toBe(before + 1);
    expect(last().pending).toBe(21);
    expect(last().views.find((view) => view.target === 'event:2')?.fields.title).toBe('edit 2 again');
    expect(counter.reads).toBe(1);
    // An unchanged entry keeps its view object (the events list reuses its row).
    await client.queueWrite(update(3, 'edit 3 again'), 7);
    const previous = last().views;
    for (const task of tasks.splice(0)) task();
    await settle();
    expect(last().views[0]).toBe(previous[0]);
    expect(last().views.find((view) => view.target === 'event:3')).not.toBe(
      previous.find((view) => view.target === 'event:3'),
    );
  });

  it('a drain reads the queue once, not once per sent entry, and the snapshot follows what it stored', async () => {
    const { counter, database } = countingDatabase();
    const { client, setOnline, last } = build({
      online: false,
      database,
      fetch: async () => new Response(null, { status: 204 }),
    });
    for (let i = 1; i <= 12; i += 1) await client.queueWrite({ kind: 'event.delete', target: `event:${i}` }, 7);
    const readsBefore = counter.reads;
    setOnline(true);
    await client.flushNow();
    expect(last().pending).toBe(0);
    expect(last().revision).toBe(12);
    // One read when the drain starts, one when it ends (the next wake-up); none per entry.
    expect(counter.reads - readsBefore).toBeLessThanOrEqual(2);
  });

  it('another context’s sending and sent news are mirrored without a read; other news reads the queue', async () => {
    const { counter, database } = countingDatabase();
    const { client, last } = build({ online: false, database });
    await client.queueWrite(update(1, 'one'), 7);
    await client.queueWrite(update(2, 'two'), 7);
    const [first] = last().views;
    const reads = counter.reads;
    client.receive({ type: 'sending', entryId: first!.id, target: first!.target });
    expect(last().views[0]).toMatchObject({ state: 'sending', attempts: 1 });
    client.receive({ type: 'outcome', entryId: first!.id, outcome: { kind: 'sent', status: 200, result: null } });
    expect(last().views.map((view) => view.target)).toEqual(['event:2']);
    expect(counter.reads).toBe(reads);
    client.receive({ type: 'changed' });
    // What IndexedDB holds (this test never sent the first entry).
    await vi.waitFor(() => expect(last().views.map((view) => view.target)).toEqual(['event:1', 'event:2']));
    expect(counter.reads).toBe(reads + 1);
  });

  it('a reopened database is read again instead of trusting the copy', async () => {
    const { client, last } = build({ online: false });
    await client.queueWrite(update(1, 'one'), 7);
    globalThis.indexedDB = new IDBFactory();
    resetDatabaseConnection();
    await client.queueWrite(update(2, 'two'), 7);
    expect(last().views.map((view) => view.target)).toEqual(['event:2']);
  });
});

describe('one rank table', () => {
  it('a record being sent with a later edit pending shows the same state on its card and in the sync summary', () => {
    const entry = (id: string, seq: number): OutboxEntry => ({
      id,
      seq,
      key: id,
      target: 'event:5',
      userId: 7,
      intent: { kind: 'event.update', target: 'event:5', fields: { title: id } },
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      status: 'queued',
      attention: null,
      lastError: null,
      inheritsVersion: false,
    });
    const summary = summariseOutbox([entry('first', 1), entry('second', 2)], {
      userId: 7,
      sending: new Set(['first']),
      now: 0,
    });
    const views: OutboxEntryView[] = summary.views;
    const [card] = overlayEvents([{ id: 5, title: 'Old' }], views);
    expect(summary.byTarget['event:5']?.state).toBe('sending');
    expect(card?.syncState).toBe(summary.byTarget['event:5']?.state);
  });
});
