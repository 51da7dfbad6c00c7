/**
 * Sends queued writes: one serial queue per target (a record's writes go out
 * in order), up to `concurrency` targets at once — TanStack Query's mutation
 * scopes, over IndexedDB. One flusher at a time across tabs and the service
 * worker (Web Lock `outbox-flush`), so no write is ever in flight twice.
 * Everything from the outside world is injected (fetch via the API client,
 * clock, randomness, online status, the signed-in user, locks), so tests run
 * it against the real API app with a fake clock.
 */
import type { ApiClient } from '../api/api-client.ts';
import type { Locks } from '../api/locks.ts';
import type { RoamlyDatabase } from '../db/open-database.ts';
import { buildRequest, parseWriteResult, serverIdOf } from './build-request.ts';
import { classifyFailure } from './classify-failure.ts';
import { entryFields, tempTargetOf, type OutboxEntry } from './entry.ts';
import type { FirstAttempt } from './intent.ts';
import type { OutboxMessage } from '../messages.ts';
import type { EntryAction } from './entry-reducer.ts';
import { completeEntry, ifMatchFor, listEntries, updateEntry } from './outbox-repository.ts';
import { sendTimeoutFor } from './send-timeout.ts';
import type { WriteResult } from './write-result.ts';

export const FLUSH_LOCK = 'outbox-flush';
/** Three records at once: enough to hide latency, few enough for a phone's connection. */
export const DEFAULT_CONCURRENCY = 3;
/**
 * A worker with nothing to send waits in place for a backoff shorter than this
 * (instead of ending the flush and relying on a timer), so a burst of retries
 * keeps all workers busy; longer waits end the flush and the caller's timer takes over.
 */
export const MAX_INLINE_WAIT_MS = 5_000;

/** What a runner reports; the same messages travel between contexts (src/shared/messages.ts). */
export type OutboxEvent = OutboxMessage;

export interface OutboxRunnerDeps {
  database: () => Promise<RoamlyDatabase>;
  transport: Pick<ApiClient, 'request'>;
  now: () => number;
  random: () => number;
  isOnline: () => boolean;
  /** The account whose tokens are stored now (null when signed out). */
  currentUserId: () => Promise<number | null>;
  locks: Locks;
  concurrency?: number;
  onEvent?: (event: OutboxEvent) => void;
  /** Real-time wait; without it, flushes never wait for a backoff inline (fake-clock tests). */
  sleep?: (ms: number) => Promise<void>;
  /** How long a send may go unanswered before it counts as a network failure (send-timeout.ts). */
  sendTimeoutMs?: (entry: OutboxEntry) => number;
  /**
   * Every change this runner stored, as stored (the page's outbox client keeps its
   * copy of the queue with these instead of re-reading it); `stale`: an entry was not
   * as expected (changed elsewhere), read the queue again.
   */
  onStored?: (change: StoredChange) => void;
}

export interface StoredChange {
  put: readonly OutboxEntry[];
  remove: readonly string[];
  stale?: boolean;
}

export interface FlushOptions {
  /**
   * Try every queued entry once now, whatever its backoff says: something just
   * suggested the server is reachable again (a page load, `online`, the tab shown,
   * another request answered, a tap). Each entry is forgiven once per drain, so a
   * failure in it backs off as usual instead of being retried in a loop.
   */
  skipBackoff?: boolean;
}

export interface FlushResult {
  /** Earliest time a backed-off entry may be retried (null: nothing waiting on the clock). */
  nextWakeAt: number | null;
  /** Entries of some account are waiting for a sign-in. */
  paused: boolean;
}

/** Whether an entry may be sent now by the signed-in `userId`. */
export function isSendable(entry: OutboxEntry, userId: number | null, now: number): boolean {
  if (entry.status !== 'queued' || entry.nextAttemptAt > now) return false;
  if (entry.userId !== null && entry.userId !== userId) return false;
  return entry.intent.kind === 'event.create' || !tempTargetOf(entry.target);
}

export function createOutboxRunner(deps: OutboxRunnerDeps) {
  const emit = (event: OutboxEvent) => deps.onEvent?.(event);
  /**
   * The queue as this drain knows it: read once when the drain starts, then kept
   * with what the drain itself stores (no full read per sent entry). Writes queued
   * meanwhile are sent by the next drain (a flush asked for during one runs once
   * more after it); each send re-reads its entry in its own transaction.
   */
  let queue: OutboxEntry[] = [];
  function stored(change: StoredChange): void {
    const gone = new Set(change.remove);
    const replaced = new Map(change.put.map((entry) => [entry.id, entry]));
    if (gone.size > 0 || replaced.size > 0)
      queue = queue.filter((entry) => !gone.has(entry.id)).map((entry) => replaced.get(entry.id) ?? entry);
    deps.onStored?.(change);
  }
  let running: Promise<FlushResult> | null = null;
  let again = false;
  let againSkipsBackoff = false;
  /**
   * The drain under way forgives every entry it knows and wakes its workers from an inline
   * backoff wait: a sign the server is back (skipBackoff) must not wait behind that wait,
   * which may be up to MAX_INLINE_WAIT_MS. False when none of its workers is left to send
   * them (the drain is ending); null when no drain runs.
   */
  let forgiveNow: (() => boolean) | null = null;

  async function sendOne(db: RoamlyDatabase, head: OutboxEntry): Promise<'ok' | 'signed-out' | 'failed'> {
    // Re-read inside the attempt's transaction: the entry may have been merged into or discarded.
    const entry = await updateEntry(
      db,
      head.id,
      { type: 'attempt-started', now: deps.now() },
      (e) => e.status === 'queued',
    );
    if (!entry) {
      // Gone, or no longer queued (changed elsewhere): not ours to send now.
      stored({ put: [], remove: [head.id], stale: true });
      emit({ type: 'changed' });
      return 'ok';
    }
    stored({ put: [entry], remove: [] });
    const ifMatch = await ifMatchFor(db, entry);
    const request = buildRequest(entry, ifMatch);
    emit({ type: 'sending', entryId: entry.id, target: entry.target });
    let result: WriteResult | null;
    let status: number;
    const unanswered = new AbortController();
    const timer = setTimeout(() => unanswered.abort(), (deps.sendTimeoutMs ?? sendTimeoutFor)(entry));
    try {
      const options = { ...request.options, signal: unanswered.signal };
      const response = await deps.transport.request(request.method, request.path, options);
      status = response.status;
      result = readResult(entry, response.data);
    } catch (error) {
      const meaning = classifyFailure(entry, error);
      if (meaning.kind === 'signed-out') {
        emit({ type: 'outcome', entryId: entry.id, outcome: { kind: 'deferred', reason: 'paused' } });
        return 'signed-out';
      }
      if (meaning.kind !== 'done') {
        await recordFailure(db, entry, meaning);
        return 'failed';
      }
      status = 404;
      result = { kind: 'event-deleted', id: serverIdOf(entry.target) };
    } finally {
      clearTimeout(timer);
    }
    const { createdId, retargeted } = await completeEntry(db, entry, ifMatch, result);
    stored({ put: retargeted, remove: [entry.id] });
    if (createdId !== null) emit({ type: 'created', tempTarget: entry.target, id: createdId });
    emit({ type: 'outcome', entryId: entry.id, outcome: { kind: 'sent', status, result } });
    return 'ok';
  }

  /** The write was applied whatever its answer says: a broken answer is reported, never re-sent. */
  function readResult(entry: OutboxEntry, data: unknown): WriteResult | null {
    try {
      return parseWriteResult(entry.intent, data);
    } catch (error) {
      console.warn('The server answered a write outside the contract', error);
      return null;
    }
  }

  function storedUpdate(id: string, next: OutboxEntry | null): void {
    stored(next ? { put: [next], remove: [] } : { put: [], remove: [id], stale: true });
  }

  async function recordFailure(db: RoamlyDatabase, entry: OutboxEntry, meaning: ReturnType<typeof classifyFailure>) {
    if (meaning.kind === 'transient') {
      const { retryAfter, message } = meaning;
      const offline = !deps.isOnline();
      const action = {
        type: 'failed-transiently',
        now: deps.now(),
        jitter: deps.random(),
        retryAfter,
        message,
        offline,
      };
      storedUpdate(entry.id, await updateEntry(db, entry.id, action as EntryAction));
      const outcome: FirstAttempt = offline
        ? { kind: 'deferred', reason: 'offline' }
        : meaning.status === null
          ? { kind: 'deferred', reason: 'retrying' }
          : { kind: 'deferred', reason: 'retrying', status: meaning.status, detail: meaning.detail };
      emit({ type: 'outcome', entryId: entry.id, outcome });
    } else if (meaning.kind === 'rejected') {
      storedUpdate(
        entry.id,
        await updateEntry(db, entry.id, { type: 'rejected', status: meaning.status, detail: meaning.detail }),
      );
      const outcome: FirstAttempt = meaning.errors
        ? { kind: 'rejected', status: meaning.status, detail: meaning.detail, errors: meaning.errors }
        : { kind: 'rejected', status: meaning.status, detail: meaning.detail };
      emit({ type: 'outcome', entryId: entry.id, outcome });
    } else if (meaning.kind === 'conflict') {
      const mine = entryFields(entry);
      const theirs = Object.fromEntries(Object.keys(mine).map((name) => [name, meaning.current[name] ?? null]));
      const serverVersion = typeof meaning.current.version === 'number' ? meaning.current.version : null;
      storedUpdate(
        entry.id,
        await updateEntry(db, entry.id, {
          type: 'conflicted',
          conflict: { kind: 'conflict', mine, theirs, serverVersion },
        }),
      );
      const detail = 'Someone else changed this record since you opened it. Review their version and save again.';
      emit({ type: 'outcome', entryId: entry.id, outcome: { kind: 'rejected', status: 412, detail } });
    }
  }

  async function drain(skipBackoff: boolean): Promise<FlushResult> {
    const db = await deps.database();
    const userId = await deps.currentUserId();
    queue = await listEntries(db);
    /** Entries this drain may send before their backoff ends, once each. */
    const forgiven = new Set(skipBackoff ? queue.map((entry) => entry.id) : []);
    let wake = () => {};
    let woken = new Promise<void>((resolve) => (wake = resolve));
    let working = 0;
    forgiveNow = () => {
      if (working === 0) return false;
      for (const entry of queue) forgiven.add(entry.id);
      wake();
      woken = new Promise<void>((resolve) => (wake = resolve));
      return true;
    };
    const dueAt = (entry: OutboxEntry) =>
      forgiven.has(entry.id) ? Math.max(deps.now(), entry.nextAttemptAt) : deps.now();
    const busy = new Set<string>();
    let signedOut = false;
    let picking: Promise<unknown> = Promise.resolve();

    let settled = () => {};
    let nextSettle = new Promise<void>((resolve) => (settled = resolve));
    const signalSettled = () => {
      settled();
      nextSettle = new Promise<void>((resolve) => (settled = resolve));
    };

    // Serialised so two workers never take the same target.
    const pick = () => {
      const next = picking.then(async (): Promise<OutboxEntry | { wakeAt: number | null }> => {
        if (!deps.isOnline()) return { wakeAt: null };
        const seen = new Set<string>();
        let wakeAt: number | null = null;
        for (const entry of queue) {
          if (seen.has(entry.target)) continue;
          seen.add(entry.target); // only a target's first entry may go
          if (busy.has(entry.target) || (signedOut && entry.userId !== null)) continue;
          if (isSendable(entry, userId, dueAt(entry))) {
            busy.add(entry.target);
            forgiven.delete(entry.id);
            return entry;
          }
          if (entry.status === 'queued' && isSendable(entry, userId, entry.nextAttemptAt)) {
            wakeAt = wakeAt === null ? entry.nextAttemptAt : Math.min(wakeAt, entry.nextAttemptAt);
          }
        }
        return { wakeAt };
      });
      picking = next;
      return next;
    };

    const worker = async () => {
      working += 1;
      try {
        await work();
      } finally {
        working -= 1;
      }
    };
    const work = async () => {
      for (;;) {
        const head = await pick();
        if ('wakeAt' in head) {
          if (busy.size > 0)
            await nextSettle; // another worker may unblock or add work
          else if (deps.sleep && head.wakeAt !== null && head.wakeAt - deps.now() <= MAX_INLINE_WAIT_MS) {
            await Promise.race([deps.sleep(Math.max(0, head.wakeAt - deps.now())), woken]);
          } else return;
          continue;
        }
        try {
          const result = await sendOne(db, head);
          if (result === 'signed-out') signedOut = true;
          // No 'changed' here: every send's outcome says what was stored (other contexts mirror it).
        } finally {
          busy.delete(head.target);
          signalSettled();
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: deps.concurrency ?? DEFAULT_CONCURRENCY }, worker));
    } finally {
      forgiveNow = null;
    }
    return summarise(await listEntries(db), signedOut ? null : userId);
  }

  function summarise(entries: readonly OutboxEntry[], userId: number | null): FlushResult {
    let nextWakeAt: number | null = null;
    let paused = false;
    for (const entry of entries) {
      if (entry.userId !== null && entry.userId !== userId) paused = true;
      else if (entry.status === 'queued' && entry.nextAttemptAt > deps.now()) {
        nextWakeAt = nextWakeAt === null ? entry.nextAttemptAt : Math.min(nextWakeAt, entry.nextAttemptAt);
      }
    }
    return { nextWakeAt, paused };
  }

  /**
   * Sends whatever may go now; concurrent calls share one run (plus one more if
   * asked meanwhile, skipping backoff if any of those asks did).
   */
  function flush(options: FlushOptions = {}): Promise<FlushResult> {
    if (running) {
      again = true;
      if (options.skipBackoff === true) {
        // The drain under way takes it (its waiting workers wake now), else the next one skips.
        if (!forgiveNow?.()) againSkipsBackoff = true;
      }
      return running;
    }
    const run = async (): Promise<FlushResult> => {
      let result: FlushResult;
      let skipBackoff = options.skipBackoff === true;
      do {
        again = false;
        const forgiving = skipBackoff;
        result = await deps.locks.request(FLUSH_LOCK, () => drain(forgiving));
        skipBackoff = againSkipsBackoff;
        againSkipsBackoff = false;
      } while (again);
      return result;
    };
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  return { flush };
}

export type OutboxRunner = ReturnType<typeof createOutboxRunner>;
