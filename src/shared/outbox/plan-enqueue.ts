/**
 * Coalescing, as a pure function: given the entries already queued for a
 * target (in order) and a new intent, what to write and what to delete.
 *
 * Safety rule: content may only be merged into an entry the server has never
 * seen (`attempts === 0`), or into one it answered with a refusal (4xx/412 —
 * not applied; it gets a new idempotency key, because the server remembers the
 * refusal under the old one). An entry that was sent and may have been applied
 * (its response lost) is never changed: the new intent goes behind it.
 */
import type { OutboxEntry } from './entry.ts';
import type { FieldValue, WriteIntent } from './intent.ts';

export interface EnqueuePlan {
  put: OutboxEntry[];
  remove: string[];
  /** The entry the caller's write now lives in (null: it cancelled out). */
  entryId: string | null;
}

export interface NewEntryFactory {
  /** A fresh entry for an intent (id, key, seq, timestamps filled in). */
  (intent: WriteIntent, options?: { inheritsVersion?: boolean }): OutboxEntry;
  newKey(): string;
}

const mergeable = (entry: OutboxEntry) =>
  entry.attempts === 0 || (entry.status === 'attention' && entry.attention !== null);

/** Turns an entry that was refused back into a fresh, unsent one (the user edited it). */
function reopened(entry: OutboxEntry, make: NewEntryFactory): OutboxEntry {
  if (entry.attempts === 0 && entry.status === 'queued') return entry;
  const baseVersion =
    entry.attention?.kind === 'conflict' && entry.attention.serverVersion !== null
      ? entry.attention.serverVersion
      : undefined;
  const intent =
    baseVersion !== undefined && entry.intent.kind === 'event.update' ? { ...entry.intent, baseVersion } : entry.intent;
  return {
    ...entry,
    intent,
    key: make.newKey(),
    attempts: 0,
    status: 'queued',
    attention: null,
    lastError: null,
    nextAttemptAt: 0,
  };
}

function mergeFields(
  a: Readonly<Record<string, FieldValue>>,
  b: Readonly<Record<string, FieldValue>>,
): Record<string, FieldValue> {
  return { ...a, ...b };
}

/** Merges an update into the last entry when that is safe; null when it is not. */
function mergeUpdate(last: OutboxEntry, intent: WriteIntent, make: NewEntryFactory): OutboxEntry | null {
  if (!mergeable(last)) return null;
  const base = reopened(last, make);
  const prior = base.intent;
  if (intent.kind === 'event.update' && (prior.kind === 'event.update' || prior.kind === 'event.create')) {
    const cover = intent.cover ?? prior.cover;
    const merged = { ...prior, fields: mergeFields(prior.fields, intent.fields) };
    return { ...base, intent: cover === undefined ? merged : { ...merged, cover } };
  }
  if (intent.kind === 'profile.update' && prior.kind === 'profile.update') {
    const image = intent.image ?? prior.image;
    const merged = { ...prior, fields: { ...prior.fields, ...intent.fields } };
    return { ...base, intent: image === undefined ? merged : { ...merged, image } };
  }
  return null;
}

function planDelete(queued: readonly OutboxEntry[], intent: WriteIntent, make: NewEntryFactory): EnqueuePlan {
  const first = queued[0];
  // A create the server never applied (unsent, or refused): the record never existed.
  if (first?.intent.kind === 'event.create' && mergeable(first)) {
    return { put: [], remove: queued.map((entry) => entry.id), entryId: null };
  }
  const existingDelete = queued.find((entry) => entry.intent.kind === 'event.delete');
  if (existingDelete) return { put: [], remove: [], entryId: existingDelete.id };
  // Updates the server never applied are moot once the record goes.
  const moot = queued.filter((entry) => entry.intent.kind === 'event.update' && mergeable(entry));
  const entry = make(intent);
  return { put: [entry], remove: moot.map((e) => e.id), entryId: entry.id };
}

export function planEnqueue(queued: readonly OutboxEntry[], intent: WriteIntent, make: NewEntryFactory): EnqueuePlan {
  if (intent.kind === 'event.delete') return planDelete(queued, intent, make);
  if (intent.kind === 'issue.report') {
    // The same report submitted again (the form keeps its key until edited): one entry, tried now.
    const same = queued.find((entry) => entry.intent.kind === 'issue.report');
    if (same) return { put: [{ ...same, nextAttemptAt: 0 }], remove: [], entryId: same.id };
  }
  if (intent.kind === 'event.create') {
    const { recurringFollowUp, ...create } = intent;
    const entry = make(create);
    if (!recurringFollowUp) return { put: [entry], remove: [], entryId: entry.id };
    // product §7: the follow-up PUT depends on the create (same target, so it waits
    // for it) and is sent against the version the create returns.
    const followUp = make(
      { kind: 'event.update', target: intent.target, fields: recurringFollowUp },
      { inheritsVersion: true },
    );
    return { put: [entry, followUp], remove: [], entryId: entry.id };
  }
  const last = queued.at(-1);
  if (last && last.intent.kind !== 'event.delete') {
    const merged = mergeUpdate(last, intent, make);
    if (merged) return { put: [merged], remove: [], entryId: merged.id };
  }
  // Behind a write that is in flight (or already sent): send against the version it produces.
  const inheritsVersion = intent.kind === 'event.update' && last !== undefined;
  const entry = make(intent, { inheritsVersion });
  return { put: [entry], remove: [], entryId: entry.id };
}
