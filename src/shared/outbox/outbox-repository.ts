/**
 * The outbox's persistence: the IndexedDB store `outbox` (one row per queued
 * write, key `id`, indexes `bySeq` for global order and `byTarget` for one
 * record's queue) and a few rows of the `meta` store:
 *   - `outbox-seq`: the last sequence number handed out (order survives restarts);
 *   - `outbox-idmap`: temporary target → server id, for editors and caches;
 *   - `outbox-chain:<target>`: versions our own writes produced, in order (see `ifMatchFor`).
 * Each operation is one transaction, so a page, another tab and the service
 * worker can never interleave half of an enqueue with half of a send.
 */
import type { RoamlyDatabase } from '../db/open-database.ts';
import { accountOf, type OutboxEntry } from './entry.ts';
import { reduceEntry, type EntryAction } from './entry-reducer.ts';
import type { WriteIntent } from './intent.ts';
import type { WriteResult } from './write-result.ts';
import { planEnqueue, type NewEntryFactory } from './plan-enqueue.ts';

const SEQ = 'outbox-seq';
const IDMAP = 'outbox-idmap';
const chainKey = (target: string) => `outbox-chain:${target}`;
/** Versions remembered per record; only the newest matters, a few cover stale editors. */
const CHAIN_LENGTH = 20;

export interface EnqueueContext {
  userId: number | null;
  /** The account the write is for when it is not `userId`'s own (a team member acting for an owner). */
  accountId?: number | null;
  now: number;
  newId: () => string;
}

export async function enqueueIntent(db: RoamlyDatabase, intent: WriteIntent, ctx: EnqueueContext) {
  const tx = db.transaction(['outbox', 'meta'], 'readwrite');
  const outbox = tx.objectStore('outbox');
  const meta = tx.objectStore('meta');
  // Both reads at once, and the writes below without waiting for each: one transaction, fewer round trips
  // (the caller of queueWrite waits for this and nothing else).
  const [storedSeq, sameTarget] = await Promise.all([meta.get(SEQ), outbox.index('byTarget').getAll(intent.target)]);
  let seq = (storedSeq as number | undefined) ?? 0;
  const queued = sameTarget.sort((a, b) => a.seq - b.seq);
  const make = ((next: WriteIntent, options?: { inheritsVersion?: boolean }): OutboxEntry => ({
    id: ctx.newId(),
    seq: ++seq,
    // An issue report's key is the form's own (its target), so a resubmission after a lost answer is replayed, not re-sent.
    key: next.kind === 'issue.report' ? next.target.slice('issue:'.length) : ctx.newId(),
    target: next.target,
    userId: ctx.userId,
    ...(ctx.accountId !== undefined && ctx.accountId !== null && ctx.accountId !== ctx.userId
      ? { accountId: ctx.accountId }
      : {}),
    intent: next,
    createdAt: ctx.now,
    attempts: 0,
    nextAttemptAt: 0,
    status: 'queued',
    attention: null,
    lastError: null,
    inheritsVersion: options?.inheritsVersion ?? false,
  })) as NewEntryFactory;
  make.newKey = ctx.newId;
  // Writes of another user, or for another account (`profile` names each account's own), are never merged.
  const account = ctx.accountId ?? ctx.userId;
  const mine = queued.filter((entry) => entry.userId === ctx.userId && accountOf(entry) === account);
  const plan = planEnqueue(mine, intent, make);
  const writes: Array<Promise<unknown>> = [];
  for (const id of plan.remove) writes.push(outbox.delete(id));
  for (const entry of plan.put) writes.push(outbox.put(entry));
  writes.push(meta.put(seq, SEQ));
  await Promise.all([...writes, tx.done]);
  return plan;
}

export async function listEntries(db: RoamlyDatabase): Promise<OutboxEntry[]> {
  return db.getAllFromIndex('outbox', 'bySeq');
}

/** Applies one reducer action atomically; returns the new entry (null when it is gone). */
export async function updateEntry(
  db: RoamlyDatabase,
  id: string,
  action: EntryAction,
  guard: (entry: OutboxEntry) => boolean = () => true,
): Promise<OutboxEntry | null> {
  const tx = db.transaction('outbox', 'readwrite');
  const current = await tx.store.get(id);
  if (!current || !guard(current)) {
    await tx.done;
    return null;
  }
  const next = reduceEntry(current, action);
  await tx.store.put(next);
  await tx.done;
  return next;
}

/** The If-Match to send: our own later writes of the same record do not count as conflicts. */
export async function ifMatchFor(db: RoamlyDatabase, entry: OutboxEntry): Promise<number | null> {
  if (entry.intent.kind !== 'event.update') return null;
  const chain = ((await db.get('meta', chainKey(entry.target))) as number[] | undefined) ?? [];
  const base = entry.intent.baseVersion;
  const newest = chain.at(-1);
  if (newest !== undefined && (entry.inheritsVersion || (base !== undefined && chain.includes(base)))) return newest;
  return base ?? null;
}

/**
 * After a 2xx: delete the entry, remap a created record's temporary id, remember the version.
 * Returns the created id and the entries that were moved to it (`retargeted`, as stored).
 */
export async function completeEntry(
  db: RoamlyDatabase,
  entry: OutboxEntry,
  sentIfMatch: number | null,
  result: WriteResult | null,
): Promise<{ createdId: number | null; retargeted: OutboxEntry[] }> {
  const tx = db.transaction(['outbox', 'meta'], 'readwrite');
  const outbox = tx.objectStore('outbox');
  const meta = tx.objectStore('meta');
  await outbox.delete(entry.id);
  const record = result?.kind === 'event' ? result.event : null;
  const version = record?.version ?? null;
  let createdId: number | null = null;
  const retargeted: OutboxEntry[] = [];
  let target = entry.target;
  if (entry.intent.kind === 'event.create' && record) {
    createdId = record.id;
    target = `event:${createdId}`;
    const idMap = ((await meta.get(IDMAP)) as Record<string, number> | undefined) ?? {};
    await meta.put({ ...idMap, [entry.target]: createdId }, IDMAP);
    for (const dependent of await outbox.index('byTarget').getAll(entry.target)) {
      const moved = reduceEntry(dependent, { type: 'retargeted', target });
      retargeted.push(moved);
      await outbox.put(moved);
    }
  }
  if (entry.intent.kind === 'event.delete') await meta.delete(chainKey(target));
  else if (version !== null && entry.target.startsWith('event:')) {
    const chain = ((await meta.get(chainKey(target))) as number[] | undefined) ?? [];
    const continues = sentIfMatch !== null && chain.at(-1) === sentIfMatch;
    const base = sentIfMatch === null ? [] : [sentIfMatch];
    await meta.put([...(continues ? chain : base), version].slice(-CHAIN_LENGTH), chainKey(target));
  }
  await tx.done;
  return { createdId, retargeted };
}

/** Removes an entry the user discarded; discarding an unsent create takes its dependants along. */
export async function discardEntry(db: RoamlyDatabase, id: string): Promise<void> {
  const tx = db.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(id);
  if (entry) {
    await tx.store.delete(id);
    if (entry.intent.kind === 'event.create') {
      for (const dependent of await tx.store.index('byTarget').getAll(entry.target))
        await tx.store.delete(dependent.id);
    }
  }
  await tx.done;
}

export async function readIdMap(db: RoamlyDatabase): Promise<Record<string, number>> {
  return ((await db.get('meta', IDMAP)) as Record<string, number> | undefined) ?? {};
}

/** Stores a resolved conflict's entry as given (new key, fields and version chosen by the caller). */
export async function replaceEntry(db: RoamlyDatabase, entry: OutboxEntry): Promise<void> {
  await db.put('outbox', entry);
}

export async function removeEntry(db: RoamlyDatabase, id: string): Promise<void> {
  await db.delete('outbox', id);
}

export async function readEntry(db: RoamlyDatabase, id: string): Promise<OutboxEntry | null> {
  return (await db.get('outbox', id)) ?? null;
}

/** Unsent writes stamped with `userId`. */
export async function countEntriesOf(db: RoamlyDatabase, userId: number): Promise<number> {
  return (await db.getAll('outbox')).filter((entry) => entry.userId === userId).length;
}

/** Drops every write stamped with `userId`, in one transaction (logging out anyway). */
export async function discardEntriesOf(db: RoamlyDatabase, userId: number): Promise<void> {
  const tx = db.transaction('outbox', 'readwrite');
  for (const entry of await tx.store.getAll()) if (entry.userId === userId) await tx.store.delete(entry.id);
  await tx.done;
}
