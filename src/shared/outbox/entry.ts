/**
 * One queued write as it lives in the IndexedDB store `outbox` (architecture §5).
 * The entry keeps the user's intent verbatim (image Blobs included: IndexedDB
 * stores them natively), the idempotency key that makes replays safe, and the
 * bookkeeping of its sending life, which only `entry-reducer.ts` changes.
 */
import { statusAfter } from '../contract/venue-approval.ts';
import type { WriteIntent } from './intent.ts';

/** How a target (one record) looks to the user. */
export type TargetSyncState = 'pending' | 'sending' | 'needs-attention' | 'paused';

/**
 * The one rank of those states: a record shows its most urgent entry's state.
 * Something in flight outranks waiting; a pause (another account's) outranks
 * both; a refusal or conflict, which needs the user, outranks everything.
 */
export const syncStateRank: Readonly<Record<TargetSyncState, number>> = {
  pending: 0,
  sending: 1,
  paused: 2,
  'needs-attention': 3,
};

/** The most urgent of some states (null when there are none). */
export function worstSyncState(states: Iterable<TargetSyncState>): TargetSyncState | null {
  let worst: TargetSyncState | null = null;
  for (const state of states) if (worst === null || syncStateRank[state] > syncStateRank[worst]) worst = state;
  return worst;
}

/** Why an entry waits for the user instead of being retried. */
export type AttentionReason =
  | { kind: 'rejected'; status: number; detail: string | null }
  | {
      kind: 'conflict';
      /** The fields the user sent. */
      mine: Readonly<Record<string, unknown>>;
      /** The same fields as the server has them now (from the 412 body). */
      theirs: Readonly<Record<string, unknown>>;
      /** The server's current version: a resolution is sent against it. */
      serverVersion: number | null;
    };

export interface OutboxEntry {
  /** Random uuid; also the store key. */
  id: string;
  /** Global enqueue order (monotonic counter in the `meta` store): order within a target. */
  seq: number;
  /** `Idempotency-Key`; renewed only when the content changes before any attempt. */
  key: string;
  /** The record this write belongs to; rewritten from `event:tmp-…` to `event:<id>` after the create. */
  target: string;
  /** Who queued it: never sent while someone else is signed in. Null for signed-out issue reports. */
  userId: number | null;
  /**
   * The account the write is for: the queuing user's own id, or the owner they
   * act for as a team member (sent as X-Account on every replay, whichever
   * context replays it). Absent on entries queued before teams: the user's own.
   */
  accountId?: number | null;
  intent: WriteIntent;
  createdAt: number;
  /** Sends tried so far; 0 means the server has certainly never seen it (safe to coalesce into). */
  attempts: number;
  /** Not before this time (epoch ms): backoff after a network error, 5xx or 429. */
  nextAttemptAt: number;
  /** `queued`: will be sent; `attention`: waits for the user (edit, retry, discard). */
  status: 'queued' | 'attention';
  attention: AttentionReason | null;
  /** Last failure as a sentence for the Outbox screen (server detail or network message). */
  lastError: string | null;
  /**
   * For an update queued behind another write of the same record: its If-Match
   * is the version that earlier write produced, filled in when it succeeds.
   */
  inheritsVersion: boolean;
}

/** The account an entry's write is for (absent: the queuing user's own). */
export function accountOf(entry: Pick<OutboxEntry, 'userId' | 'accountId'>): number | null {
  return entry.accountId ?? entry.userId;
}

/** The X-Account an entry's replay sends: the owner's id when made for another account, else none. */
export function actingForOf(entry: Pick<OutboxEntry, 'userId' | 'accountId'>): number | null {
  const account = accountOf(entry);
  return account !== null && account !== entry.userId ? account : null;
}

/** The server's id behind a temporary target, once its create succeeded. */
export function tempTargetOf(target: string): boolean {
  return target.startsWith('event:tmp-');
}

/** Fields an entry would send (for views, copies and coalescing). */
export function entryFields(entry: OutboxEntry): Readonly<Record<string, unknown>> {
  const intent = entry.intent;
  switch (intent.kind) {
    case 'event.create':
    case 'event.update':
    case 'profile.update':
      return intent.fields;
    case 'event.delete':
      return {};
    case 'venue.answer':
      return { title: intent.title, venue_status: statusAfter[intent.answer], venue_id: intent.venueId };
    case 'issue.report':
      return intent.email === undefined
        ? { message: intent.message }
        : { email: intent.email, message: intent.message };
  }
}

export function entryHasImage(entry: OutboxEntry): boolean {
  const intent = entry.intent;
  if (intent.kind === 'profile.update') return intent.image !== undefined;
  if (intent.kind === 'event.create' || intent.kind === 'event.update') return intent.cover !== undefined;
  return false;
}
