/**
 * The life of a queued write as a reducer over a closed set of actions (the
 * shape of TanStack Query's mutation reducer). The runner decides *what*
 * happened; this module alone decides what that does to the entry, so every
 * transition can be read in one screen and tested without IndexedDB.
 * `sent` ends the entry's life: the caller deletes it.
 */
import { retryDelay } from './backoff.ts';
import type { AttentionReason, OutboxEntry } from './entry.ts';

export type EntryAction =
  /** A send is about to start: counted before it leaves, so a crash mid-send is still an attempt. */
  | { type: 'attempt-started'; now: number }
  /** Network error, 5xx, 429: try again later. */
  | {
      type: 'failed-transiently';
      now: number;
      /** In [0, 1): the random part of the backoff, drawn by whoever dispatches (keeps this reducer pure). */
      jitter: number;
      retryAfter: number | null;
      message: string;
      /** The device went offline: no backoff, the reconnect itself is the trigger. */
      offline: boolean;
    }
  /** Any other 4xx: the server refused it; the user must edit or discard. */
  | { type: 'rejected'; status: number; detail: string | null }
  /** 412: someone changed the record since the user's version. */
  | { type: 'conflicted'; conflict: Extract<AttentionReason, { kind: 'conflict' }> }
  /** The user asked to try now (Outbox screen "Retry now", or a reconnect). */
  | { type: 'retry-requested'; key: string }
  /** The create before it succeeded: the record now has a real id. */
  | { type: 'retargeted'; target: string }
  /** Conflict resolved: send the chosen fields against the server's current version. */
  | { type: 'resolved'; fields: Readonly<Record<string, unknown>>; baseVersion: number | null; key: string };

export function reduceEntry(entry: OutboxEntry, action: EntryAction): OutboxEntry {
  switch (action.type) {
    case 'attempt-started':
      return { ...entry, attempts: entry.attempts + 1 };
    case 'failed-transiently':
      return {
        ...entry,
        nextAttemptAt: action.offline ? 0 : action.now + retryDelay(entry.attempts, action.jitter, action.retryAfter),
        lastError: action.message,
      };
    case 'rejected':
      return {
        ...entry,
        status: 'attention',
        attention: { kind: 'rejected', status: action.status, detail: action.detail },
        lastError: action.detail ?? `The server refused this change (${action.status}).`,
      };
    case 'conflicted':
      return {
        ...entry,
        status: 'attention',
        attention: action.conflict,
        lastError: 'Someone else changed this record since you edited it.',
      };
    case 'retry-requested':
      return entry.status === 'attention' && entry.attention?.kind === 'conflict'
        ? entry // a conflict needs a choice, not a retry
        : entry.status === 'attention'
          ? // Refused, so never applied: a new key, or the server would replay its refusal.
            { ...entry, status: 'queued', attention: null, nextAttemptAt: 0, key: action.key, attempts: 0 }
          : { ...entry, nextAttemptAt: 0 };
    case 'retargeted':
      return {
        ...entry,
        target: action.target,
        intent: { ...entry.intent, target: action.target } as OutboxEntry['intent'],
      };
    case 'resolved': {
      if (entry.intent.kind !== 'event.update') return entry;
      const intent = { ...entry.intent, fields: action.fields as typeof entry.intent.fields };
      if (action.baseVersion !== null) intent.baseVersion = action.baseVersion;
      return {
        ...entry,
        intent,
        key: action.key,
        attempts: 0,
        status: 'queued',
        attention: null,
        lastError: null,
        nextAttemptAt: 0,
        inheritsVersion: false,
      };
    }
  }
}
