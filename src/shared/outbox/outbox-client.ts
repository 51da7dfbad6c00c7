/**
 * The outbox as one client, built by a factory with every dependency injected
 * (clock, network, storage, transport, locks, the cross-context channel), in
 * the spirit of TanStack Query's MutationCache: it owns the runner, the state
 * of what is in flight and the first-attempt waiters of forms, and publishes
 * one snapshot — summary numbers, every entry's view and the per-record state —
 * that the page's store mirrors. Every change to the queue goes through the
 * repository (outbox-repository.ts); the in-memory copy of the queue and its
 * batched publication live in queue-mirror.ts.
 * Pages wire it up in src/stores/sync-actions.ts; tests build it with fakes.
 */
import type { ApiClient } from '../api/api-client.ts';
import type { Locks } from '../api/locks.ts';
import type { RoamlyDatabase } from '../db/open-database.ts';
import { reduceEntry } from './entry-reducer.ts';
import type { FirstAttempt, QueuedWrite, WriteIntent } from './intent.ts';
import * as repository from './outbox-repository.ts';
import type { FlushOptions, FlushResult, OutboxEvent, OutboxRunner, OutboxRunnerDeps } from './outbox-runner.ts';
import { createQueueMirror, type OutboxSnapshot } from './queue-mirror.ts';
import { resolveConflictFields } from './resolve-conflict.ts';

export type { OutboxSnapshot };

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

export function createOutboxClient(deps: OutboxClientDeps) {
  const { clock, network, storage } = deps;
  /** Entries a flusher (here or elsewhere) has in flight: state of this client, not of the reducer. */
  const sending = new Set<string>();
  const outcomeWaiters = new Map<string, (outcome: FirstAttempt) => void>();
  let revision = 0;
  let cancelWake: (() => void) | null = null;
  /** From the outcome of real sends, not `navigator.onLine`: a phone on a dead connection says online. */
  let reachable = true;
  let nextRetryAt: number | null = null;

  const mirror = createQueueMirror({
    database: storage.database,
    currentUserId: storage.currentUserId,
    now: clock.now,
    isOnline: network.isOnline,
    sending,
    revision: () => revision,
    reachability: () => ({ reachable, nextRetryAt }),
    publish: deps.publish,
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
  });

  const runnerDeps: OutboxRunnerDeps = {
    database: storage.database,
    transport: deps.transport,
    now: clock.now,
    random: clock.random,
    isOnline: network.isOnline,
    currentUserId: storage.currentUserId,
    locks: deps.locks,
    onEvent: (event) => receive(event, true),
    onStored: (change) => mirror.applyStored(change),
    ...(clock.sleep ? { sleep: clock.sleep } : {}),
  };

  /**
   * The runner — the requests, their response schemas, the failure handling — comes with the
   * first flush that has an entry to send, so a page whose queue is empty (most first loads)
   * does not fetch it; `prepare` fetches it ahead (an idle page does, before the first write).
   */
  let runner: Promise<OutboxRunner> | null = null;
  function loadRunner(): Promise<OutboxRunner> {
    runner ??= import('./outbox-runner.ts').then(
      ({ createOutboxRunner }) => createOutboxRunner(runnerDeps),
      (error: unknown) => {
        runner = null;
        throw error;
      },
    );
    return runner;
  }

  /** How long to wait before trying again when the runner's code could not be fetched (offline, no worker yet). */
  const RUNNER_RETRY_MS = 5_000;

  async function runFlush(options: FlushOptions): Promise<FlushResult> {
    if (runner === null && (await (await storage.database()).count('outbox')) === 0) {
      return { nextWakeAt: null, paused: false };
    }
    try {
      return await (await loadRunner()).flush(options);
    } catch (error) {
      if (runner !== null) throw error;
      return { nextWakeAt: clock.now() + RUNNER_RETRY_MS, paused: false };
    }
  }

  /** An event of this context's runner (`local`) or of another tab's or the worker's. */
  function receive(event: OutboxEvent, local = false): void {
    if (local) deps.broadcast?.(event);
    if (event.type === 'sending') sending.add(event.entryId);
    if (event.type === 'outcome') {
      sending.delete(event.entryId);
      reachable = !unanswered(event.outcome);
      if (event.outcome.kind === 'sent') revision += 1;
      const waiter = outcomeWaiters.get(event.entryId);
      if (waiter) {
        outcomeWaiters.delete(event.entryId);
        waiter(event.outcome);
      }
    }
    if (local && event.type === 'created') mirror.recordCreated(event.tempTarget, event.id);
    // This runner's stores reached the mirror already (applyStored); another context's did not.
    mirror.schedulePublish(!local && !mirror.applyRemote(event));
  }

  /** A send that got no answer at all while the device said online (an offline failure says so itself). */
  function unanswered(outcome: FirstAttempt): boolean {
    return outcome.kind === 'deferred' && outcome.reason === 'retrying' && outcome.status === undefined;
  }

  /**
   * Some other request got a good answer: if sends were failing for want of one,
   * the server is back, so the queue goes now instead of at its next backoff.
   */
  function serverAnswered(): void {
    if (reachable) return;
    reachable = true;
    mirror.schedulePublish();
    void flushNow({ skipBackoff: true });
  }

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

  function changed(): Promise<OutboxSnapshot> {
    deps.broadcast?.({ type: 'changed' });
    return mirror.refresh();
  }

  /** Sends what can go now (`skipBackoff`: every queued entry, once) and schedules the next backed-off retry. */
  async function flushNow(options: FlushOptions = {}): Promise<void> {
    if (!network.isOnline()) {
      await mirror.checkConnection();
      mirror.schedulePublish();
      return;
    }
    const result = await runFlush(options);
    // The signed-in account may have changed (a flush follows every sign-in).
    const userId = await storage.currentUserId();
    await mirror.checkConnection();
    mirror.setUserId(userId);
    cancelWake?.();
    cancelWake = null;
    nextRetryAt = result.nextWakeAt;
    if (result.nextWakeAt !== null) {
      cancelWake = clock.setTimer(() => void flushNow(), Math.max(0, result.nextWakeAt - clock.now()));
    }
    mirror.schedulePublish();
  }

  /**
   * Stores the write (the durable moment), then tries it; `firstAttempt` says how that went.
   * The caller waits for the store only: the snapshot follows with the next batch, from
   * the cache (only the first write before any read waits for the queue to be read).
   */
  async function queueWrite(
    intent: WriteIntent,
    userId: number | null,
    /** The owner a team member acts for (null or absent: the user's own account). */
    accountId: number | null = null,
  ): Promise<QueuedWrite> {
    const db = await storage.database();
    const context = { userId, accountId, now: clock.now(), newId: storage.newId };
    const plan = await repository.enqueueIntent(db, intent, context);
    announceChange();
    if (mirror.isReadThrough(db)) mirror.applyStored({ put: plan.put, remove: plan.remove });
    else await mirror.refresh();
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
    prepare: loadRunner,
    serverAnswered,
    refresh: mirror.refresh,
    receive,
    retryNow,
    discardEntry,
    discardEntriesOf,
    countEntriesOf,
    resolveConflict,
  };
}

export type OutboxClient = ReturnType<typeof createOutboxClient>;
