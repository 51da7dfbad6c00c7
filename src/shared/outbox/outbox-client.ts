/**
 * The outbox as one client, built by a factory with every dependency injected
 * (clock, network, storage, transport, locks, the cross-context channel), in
 * the spirit of TanStack Query's MutationCache: it owns the runner, the state
 * of what is in flight, and one published snapshot — summary numbers, every
 * entry's view and the per-record state — that the page's store mirrors.
 * Every change to the queue goes through the repository (outbox-repository.ts);
 * the client keeps a copy of the queue in memory, updated with what it and its
 * runner stored, and publishes from it once per batch (`schedule`: the page's
 * animation frame), so an edit or a sent entry costs no read of the whole queue.
 * Pages wire it up in src/stores/sync-actions.ts; tests build it with fakes.
 */
import type { ApiClient } from '../api/api-client.ts';
import type { Locks } from '../api/locks.ts';
import type { RoamlyDatabase } from '../db/open-database.ts';
import type { OutboxEntry } from './entry.ts';
import { reduceEntry } from './entry-reducer.ts';
import type { FirstAttempt, QueuedWrite, WriteIntent } from './intent.ts';
import * as repository from './outbox-repository.ts';
import { createOutboxRunner, type OutboxEvent, type StoredChange } from './outbox-runner.ts';
import { toEntryView, type OutboxEntryView } from './overlay.ts';
import { summariseOutbox, type OutboxSummary } from './outbox-summary.ts';
import { resolveConflictFields } from './resolve-conflict.ts';

/** How long a form waits for its write's first attempt (e.g. the worker holds the flush lock) before calling it deferred. */
export const FIRST_ATTEMPT_WAIT_MS = 10_000;

export interface OutboxClock {
  now(): number;
  /** In [0, 1): backoff jitter. */
  random(): number;
  /** Real-time wait for short backoffs inside a flush; absent in fake-clock tests. */
  sleep?(ms: number): Promise<void>;
  /** Schedules `task` after `ms`; returns a cancel function. */
  setTimer(task: () => void, ms: number): () => void;
}

export interface OutboxClientDeps {
  clock: OutboxClock;
  network: { isOnline(): boolean };
  storage: {
    database(): Promise<RoamlyDatabase>;
    /** The account whose tokens are stored now (null when signed out). */
    currentUserId(): Promise<number | null>;
    newId(): string;
  };
  transport: Pick<ApiClient, 'request'>;
  locks: Locks;
  /** Tells other tabs and the worker (and hears from them through `receive`). */
  broadcast?(event: OutboxEvent): void;
  /** Asks the platform to flush later even with no tab open (Background Sync). */
  requestBackgroundSync?(): void;
  /** Receives every new snapshot. */
  publish(snapshot: OutboxSnapshot): void;
  /**
   * Runs a snapshot's publication later, so that changes made meanwhile go out in
   * one (the page: the next animation frame). Absent: each change publishes at once.
   */
  schedule?(task: () => void): void;
}

export interface OutboxSnapshot extends OutboxSummary {
  online: boolean;
  /** 'event:tmp-…' → real server id once created. */
  idMap: Record<string, number>;
  /** Bumps after every successful send (a refetch trigger). */
  revision: number;
}

export function createOutboxClient(deps: OutboxClientDeps) {
  const { clock, network, storage } = deps;
  /** Entries a flusher (here or elsewhere) has in flight: state of this client, not of the reducer. */
  const sending = new Set<string>();
  const outcomeWaiters = new Map<string, (outcome: FirstAttempt) => void>();
  let revision = 0;
  let cancelWake: (() => void) | null = null;

  /**
   * The queue as last read, kept up to date with every change made here (this
   * client's enqueues and its runner's stores), so neither an edit nor a sent entry
   * re-reads the whole queue. Null until the first read; news from another tab or
   * the worker (which changed IndexedDB themselves) means a read.
   */
  let cache: {
    /** The connection it was read through: another one (a reopened database) means read again. */
    db: RoamlyDatabase;
    entries: Map<string, OutboxEntry>;
    idMap: Record<string, number>;
    userId: number | null;
  } | null = null;

  /** Forgets the cache if it was read from another database connection than the current one. */
  async function checkCache(): Promise<void> {
    const db = await storage.database();
    if (cache && cache.db !== db) cache = null;
  }
  /** Each stored entry's view, kept while the entry object and its sending/paused state are the same. */
  const views = new WeakMap<OutboxEntry, { sending: boolean; paused: boolean; view: OutboxEntryView }>();
  const viewOf = (entry: OutboxEntry, options: { sending: boolean; paused: boolean }): OutboxEntryView => {
    const known = views.get(entry);
    if (known && known.sending === options.sending && known.paused === options.paused) return known.view;
    const view = toEntryView(entry, options);
    views.set(entry, { ...options, view });
    return view;
  };

  const runner = createOutboxRunner({
    database: storage.database,
    transport: deps.transport,
    now: clock.now,
    random: clock.random,
    isOnline: network.isOnline,
    currentUserId: storage.currentUserId,
    locks: deps.locks,
    onEvent: (event) => receive(event, true),
    onStored: (change) => applyStored(change),
    ...(clock.sleep ? { sleep: clock.sleep } : {}),
  });

  /** An event of this context's runner (`local`) or of another tab's or the worker's. */
  function receive(event: OutboxEvent, local = false): void {
    if (local) deps.broadcast?.(event);
    if (event.type === 'sending') sending.add(event.entryId);
    if (event.type === 'outcome') {
      sending.delete(event.entryId);
      if (event.outcome.kind === 'sent') revision += 1;
      const waiter = outcomeWaiters.get(event.entryId);
      if (waiter) {
        outcomeWaiters.delete(event.entryId);
        waiter(event.outcome);
      }
    }
    if (local && event.type === 'created' && cache) cache.idMap = { ...cache.idMap, [event.tempTarget]: event.id };
    // This runner's stores reached the cache already (applyStored); another context's did not.
    schedulePublish(!local && !mirrored(event));
  }

  /**
   * Another context's news that says exactly what it stored, applied to the cache
   * as its runner stored it (the worker draining while a page is open: no full read
   * per sent entry). False: anything else, read the queue.
   */
  function mirrored(event: OutboxEvent): boolean {
    if (!cache || reading) return false;
    const entry = cache.entries.get(event.type === 'sending' || event.type === 'outcome' ? event.entryId : '');
    if (!entry) return false;
    if (event.type === 'sending') {
      cache.entries.set(entry.id, reduceEntry(entry, { type: 'attempt-started', now: clock.now() }));
      return true;
    }
    // A sent entry is deleted (a created record's dependants move: `created` comes first and means a read).
    if (event.type === 'outcome' && event.outcome.kind === 'sent') {
      cache.entries.delete(entry.id);
      return true;
    }
    return false;
  }

  /** A change stored here (an enqueue, this runner's send): applied to the cache, published with the next batch. */
  function applyStored(change: StoredChange): void {
    if (!cache || change.stale) {
      schedulePublish(true);
      return;
    }
    for (const id of change.remove) cache.entries.delete(id);
    for (const entry of change.put) cache.entries.set(entry.id, entry);
    // A read under way may have started before this change: one more read after it.
    if (reading) void refresh();
    schedulePublish();
  }

  let scheduled = false;
  let needsRead = false;
  let announcing = false;

  /** Tells other contexts the queue changed (a hint to read it), once per batch of edits. */
  function announceChange(): void {
    if (!deps.schedule) {
      deps.broadcast?.({ type: 'changed' });
      return;
    }
    if (announcing) return;
    announcing = true;
    deps.schedule(() => {
      announcing = false;
      deps.broadcast?.({ type: 'changed' });
    });
  }

  /** Publishes the cache (or re-reads the queue: `read`, or nothing read yet) once per batch of changes. */
  function schedulePublish(read = false): void {
    needsRead ||= read || !cache;
    if (scheduled) return;
    scheduled = true;
    const task = () => {
      scheduled = false;
      // A read under way publishes when it ends (and one more follows if it may have missed a change).
      if (reading && !needsRead) return;
      if (needsRead || !cache) {
        needsRead = false;
        void refresh();
      } else publishCached();
    };
    // Batched: the cache is checked against the current connection first (a reopened database is read again).
    if (deps.schedule) deps.schedule(() => void checkCache().then(task));
    else task();
  }

  function publishCached(): OutboxSnapshot {
    const { entries: byId, idMap, userId } = cache!;
    const entries = [...byId.values()];
    // New entries are appended with the highest sequence number; sort only if something is out of order.
    for (let i = 1; i < entries.length; i += 1) {
      if (entries[i]!.seq < entries[i - 1]!.seq) {
        entries.sort((a, b) => a.seq - b.seq);
        break;
      }
    }
    const summary = summariseOutbox(entries, { userId, sending, now: clock.now(), view: viewOf });
    const snapshot: OutboxSnapshot = { ...summary, online: network.isOnline(), idMap, revision };
    deps.publish(snapshot);
    return snapshot;
  }

  let reading: Promise<OutboxSnapshot> | null = null;
  let rereading: Promise<OutboxSnapshot> | null = null;

  /**
   * Re-reads the queue and publishes the snapshot every view derives from. Calls
   * while a read is under way share one more read after it: each caller still
   * gets a snapshot read after its call, but a drain's three events per sent
   * entry (sending, outcome, changed) no longer mean three reads of the whole
   * queue and three re-renders each.
   */
  function refresh(): Promise<OutboxSnapshot> {
    if (!reading) {
      reading = readSnapshot().finally(() => {
        reading = null;
      });
      return reading;
    }
    rereading ??= reading
      .catch(() => undefined)
      .then(() => {
        rereading = null;
        return refresh();
      });
    return rereading;
  }

  async function readSnapshot(): Promise<OutboxSnapshot> {
    const db = await storage.database();
    const [entries, idMap, userId] = await Promise.all([
      repository.listEntries(db),
      repository.readIdMap(db),
      storage.currentUserId(),
    ]);
    cache = { db, entries: new Map(entries.map((entry) => [entry.id, entry])), idMap, userId };
    return publishCached();
  }

  function changed(): Promise<OutboxSnapshot> {
    deps.broadcast?.({ type: 'changed' });
    return refresh();
  }

  /** Sends what can go now and schedules the next backed-off retry. */
  async function flushNow(): Promise<void> {
    if (!network.isOnline()) {
      await checkCache();
      schedulePublish();
      return;
    }
    const result = await runner.flush();
    // The signed-in account may have changed (a flush follows every sign-in).
    const userId = await storage.currentUserId();
    await checkCache();
    if (cache) cache.userId = userId;
    schedulePublish();
    cancelWake?.();
    cancelWake = null;
    if (result.nextWakeAt !== null) {
      cancelWake = clock.setTimer(() => void flushNow(), Math.max(0, result.nextWakeAt - clock.now()));
    }
  }

  /**
   * Stores the write (the durable moment), then tries it; `firstAttempt` says how that went.
   * The caller waits for the store only: the snapshot follows with the next batch, from
   * the cache (only the first write before any read waits for the queue to be read).
   */
  async function queueWrite(intent: WriteIntent, userId: number | null): Promise<QueuedWrite> {
    const db = await storage.database();
    const plan = await repository.enqueueIntent(db, intent, { userId, now: clock.now(), newId: storage.newId });
    announceChange();
    if (cache?.db === db) applyStored({ put: plan.put, remove: plan.remove });
    else await refresh();
    deps.requestBackgroundSync?.();
    const entryId = plan.entryId;
    if (entryId === null) {
      // Create-then-delete of a record the server never saw: nothing to send.
      return { entryId: '', firstAttempt: Promise.resolve({ kind: 'sent', status: 204, result: null }) };
    }
    const firstAttempt = new Promise<FirstAttempt>((resolve) => {
      if (!network.isOnline()) return resolve({ kind: 'deferred', reason: 'offline' });
      const cancel = clock.setTimer(() => {
        outcomeWaiters.delete(entryId);
        resolve({ kind: 'deferred', reason: 'retrying' });
      }, FIRST_ATTEMPT_WAIT_MS);
      outcomeWaiters.set(entryId, (outcome) => {
        cancel();
        resolve(outcome);
      });
    });
    void flushNow();
    return { entryId, firstAttempt };
  }

  async function retryNow(entryId?: string): Promise<void> {
    const db = await storage.database();
    const ids = entryId ? [entryId] : (await repository.listEntries(db)).map((entry) => entry.id);
    for (const id of ids) await repository.updateEntry(db, id, { type: 'retry-requested', key: storage.newId() });
    await changed();
    await flushNow();
  }

  async function discardEntry(entryId: string): Promise<void> {
    await repository.discardEntry(await storage.database(), entryId);
    await changed();
  }

  /** Logging out anyway: the account's unsent writes go, so the next person never sends them. */
  async function discardEntriesOf(userId: number): Promise<void> {
    await repository.discardEntriesOf(await storage.database(), userId);
    await changed();
  }

  async function countEntriesOf(userId: number): Promise<number> {
    return repository.countEntriesOf(await storage.database(), userId);
  }

  async function resolveConflict(entryId: string, choice: Record<string, 'mine' | 'theirs'>): Promise<void> {
    const db = await storage.database();
    const entry = await repository.readEntry(db, entryId);
    if (!entry || entry.attention?.kind !== 'conflict') return;
    const fields = resolveConflictFields(entry.attention.mine, choice);
    if (Object.keys(fields).length === 0) await repository.removeEntry(db, entryId);
    else {
      const action = {
        type: 'resolved',
        fields,
        baseVersion: entry.attention.serverVersion,
        key: storage.newId(),
      } as const;
      await repository.replaceEntry(db, reduceEntry(entry, action));
    }
    await changed();
    await flushNow();
  }

  return {
    queueWrite,
    flushNow,
    refresh,
    receive,
    retryNow,
    discardEntry,
    discardEntriesOf,
    countEntriesOf,
    resolveConflict,
  };
}

export type OutboxClient = ReturnType<typeof createOutboxClient>;
