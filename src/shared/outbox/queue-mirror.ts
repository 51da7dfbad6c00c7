/**
 * The outbox queue as this context last knew it, and the snapshot published
 * from it. The IndexedDB queue is the truth; this copy saves reading all of
 * it on every change. It is kept up to date with what this context stored
 * (`applyStored`) and with the news of another context that says exactly what
 * it stored (`applyRemote`); anything else, or a reopened database, means a
 * full read. Publication is batched (`schedule`: the page's animation frame),
 * and reads asked for while one is under way share one more read after it.
 */
import type { RoamlyDatabase } from '../db/open-database.ts';
import type { OutboxEntry } from './entry.ts';
import { reduceEntry } from './entry-reducer.ts';
import * as repository from './outbox-repository.ts';
import type { OutboxEvent, StoredChange } from './outbox-runner.ts';
import { toEntryView, type OutboxEntryView } from './overlay.ts';
import { summariseOutbox, type OutboxSummary } from './outbox-summary.ts';

export interface OutboxSnapshot extends OutboxSummary, Reachability {
  online: boolean;
  /** 'event:tmp-…' → real server id once created. */
  idMap: Record<string, number>;
  /** Bumps after every successful send (a refetch trigger). */
  revision: number;
}

/** What the last real requests said about the server (outbox-client.ts keeps it). */
export interface Reachability {
  /** False while sends fail without any answer (network error, timeout) although the device says online. */
  reachable: boolean;
  /** When the next backed-off retry is due on this page's timer (null: none waiting on the clock). */
  nextRetryAt: number | null;
}

export interface QueueMirrorDeps {
  database(): Promise<RoamlyDatabase>;
  /** The account whose tokens are stored now (null when signed out). */
  currentUserId(): Promise<number | null>;
  now(): number;
  isOnline(): boolean;
  /** Entries a flusher (here or elsewhere) has in flight. */
  sending: ReadonlySet<string>;
  revision(): number;
  reachability(): Reachability;
  publish(snapshot: OutboxSnapshot): void;
  /** Runs a publication later, so changes made meanwhile go out in one; absent: at once. */
  schedule?(task: () => void): void;
}

interface Mirror {
  /** The connection it was read through: another one (a reopened database) means read again. */
  db: RoamlyDatabase;
  entries: Map<string, OutboxEntry>;
  idMap: Record<string, number>;
  userId: number | null;
}

export function createQueueMirror(deps: QueueMirrorDeps) {
  let mirror: Mirror | null = null;
  let reading: Promise<OutboxSnapshot> | null = null;
  let rereading: Promise<OutboxSnapshot> | null = null;
  let scheduled = false;
  let needsRead = false;

  /** Each entry's view, kept while the entry object and its sending/paused state are the same. */
  const views = new WeakMap<OutboxEntry, { sending: boolean; paused: boolean; view: OutboxEntryView }>();
  const viewOf = (entry: OutboxEntry, options: { sending: boolean; paused: boolean }): OutboxEntryView => {
    const known = views.get(entry);
    if (known && known.sending === options.sending && known.paused === options.paused) return known.view;
    const view = toEntryView(entry, options);
    views.set(entry, { ...options, view });
    return view;
  };

  /** Forgets the copy if it was read through another database connection than the current one. */
  async function checkConnection(): Promise<void> {
    const db = await deps.database();
    if (mirror && mirror.db !== db) mirror = null;
  }

  function publishMirror(): OutboxSnapshot {
    const { entries: byId, idMap, userId } = mirror!;
    const entries = [...byId.values()];
    // New entries are appended with the highest sequence number; sort only if something is out of order.
    for (let i = 1; i < entries.length; i += 1) {
      if (entries[i]!.seq < entries[i - 1]!.seq) {
        entries.sort((a, b) => a.seq - b.seq);
        break;
      }
    }
    const summary = summariseOutbox(entries, { userId, sending: deps.sending, now: deps.now(), view: viewOf });
    const snapshot: OutboxSnapshot = {
      ...summary,
      ...deps.reachability(),
      online: deps.isOnline(),
      idMap,
      revision: deps.revision(),
    };
    deps.publish(snapshot);
    return snapshot;
  }

  async function readSnapshot(): Promise<OutboxSnapshot> {
    const db = await deps.database();
    const [entries, idMap, userId] = await Promise.all([
      repository.listEntries(db),
      repository.readIdMap(db),
      deps.currentUserId(),
    ]);
    mirror = { db, entries: new Map(entries.map((entry) => [entry.id, entry])), idMap, userId };
    return publishMirror();
  }

  /** Reads the queue and publishes; calls during a read share one more read after it. */
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

  /** Publishes the copy (or reads the queue: `read`, or nothing read yet) once per batch of changes. */
  function schedulePublish(read = false): void {
    needsRead ||= read || !mirror;
    if (scheduled) return;
    scheduled = true;
    const task = () => {
      scheduled = false;
      // A read under way publishes when it ends (and one more follows if it may have missed a change).
      if (reading && !needsRead) return;
      if (needsRead || !mirror) {
        needsRead = false;
        void refresh();
      } else publishMirror();
    };
    // Batched: the copy is checked against the current connection first.
    if (deps.schedule) deps.schedule(() => void checkConnection().then(task));
    else task();
  }

  return {
    refresh,
    schedulePublish,
    checkConnection,

    /** True when the copy was read through `db` (a change stored through it can be applied). */
    isReadThrough(db: RoamlyDatabase): boolean {
      return mirror?.db === db;
    },

    /** A change stored here (an enqueue, this context's runner): applied, published with the next batch. */
    applyStored(change: StoredChange): void {
      if (!mirror || change.stale) {
        schedulePublish(true);
        return;
      }
      for (const id of change.remove) mirror.entries.delete(id);
      for (const entry of change.put) mirror.entries.set(entry.id, entry);
      // A read under way may have started before this change: one more read after it.
      if (reading) void refresh();
      schedulePublish();
    },

    /**
     * Another context's news, applied when it says exactly what was stored (the
     * worker draining while a page is open: no full read per sent entry). False:
     * the caller reads the queue.
     */
    applyRemote(event: OutboxEvent): boolean {
      if (!mirror || reading) return false;
      const entry = mirror.entries.get(event.type === 'sending' || event.type === 'outcome' ? event.entryId : '');
      if (!entry) return false;
      if (event.type === 'sending') {
        mirror.entries.set(entry.id, reduceEntry(entry, { type: 'attempt-started', now: deps.now() }));
        return true;
      }
      // A sent entry is deleted (a created record's dependants move: `created` comes first and means a read).
      if (event.type === 'outcome' && event.outcome.kind === 'sent') {
        mirror.entries.delete(entry.id);
        return true;
      }
      return false;
    },

    /** This context's runner created a record: its temporary target now has a server id. */
    recordCreated(tempTarget: string, id: number): void {
      if (mirror) mirror.idMap = { ...mirror.idMap, [tempTarget]: id };
    },

    /** The signed-in account after a flush (a flush follows every sign-in). */
    setUserId(userId: number | null): void {
      if (mirror) mirror.userId = userId;
    },
  };
}
