/**
 * Turns the outbox's first attempt into what a form shows. Every form writes
 * through the outbox (architecture §5: one write path): online the first attempt
 * answers within the request's time; offline it is deferred and the change is
 * already durable in IndexedDB, so the form can say so honestly.
 */
import type { FieldErrors, FirstAttempt, QueuedWrite, WriteIntent } from '../../shared/outbox/intent.ts';
import type { WriteResult } from '../../shared/outbox/write-result.ts';
import { discardEntry, queueWrite } from '../../stores/sync-actions.ts';

export type SaveOutcome =
  /** `result`: the record the server returned, checked against the contract (null: none to show). */
  | { kind: 'saved'; result: WriteResult | null }
  | { kind: 'pending'; reason: 'offline' | 'retrying' | 'paused' }
  /** `errors`: the server's messages by field, for the form to show beside each field. */
  | { kind: 'rejected'; detail: string | null; errors?: FieldErrors }
  | { kind: 'failed' };

/**
 * Queues the write and waits for its first attempt. A rejected write is
 * discarded from the outbox: the form still holds the values, shows the error
 * and the user fixes and saves again — no stale copy stays queued behind it.
 */
export async function saveThroughOutbox(intent: WriteIntent): Promise<SaveOutcome> {
  let queued: QueuedWrite;
  try {
    queued = await queueWrite(intent);
  } catch {
    return { kind: 'failed' };
  }
  let first: FirstAttempt;
  try {
    first = await queued.firstAttempt;
  } catch {
    return { kind: 'pending', reason: 'retrying' };
  }
  if (first.kind === 'sent') return { kind: 'saved', result: first.result };
  if (first.kind === 'deferred') return { kind: 'pending', reason: first.reason };
  // A stale edit (412) stays queued as a conflict, so the Outbox can offer the
  // user's values beside the current ones instead of throwing them away.
  if (first.status === 412) return { kind: 'rejected', detail: CONFLICT_DETAIL };
  await discardEntry(queued.entryId).catch(() => undefined);
  return first.errors
    ? { kind: 'rejected', detail: first.detail, errors: first.errors }
    : { kind: 'rejected', detail: first.detail };
}

/** A write stored in the outbox: durable on this device, sent (or refused) later. */
export type QueueOutcome =
  | { kind: 'queued'; entryId: string; firstAttempt: Promise<FirstAttempt> }
  /** IndexedDB refused the write: nothing was stored, the form keeps its values. */
  | { kind: 'failed' };

/**
 * Stores the write and returns at once, without waiting for the server: the durable
 * moment is the store, so a dialog can close while the request is still on a slow
 * network. The record's card shows it pending, then the server's answer; a refusal
 * stays in the outbox as "needs attention" (with the server's detail) instead of
 * being discarded, since no form is left open to show it.
 */
export async function queueThroughOutbox(intent: WriteIntent): Promise<QueueOutcome> {
  let queued: QueuedWrite;
  try {
    queued = await queueWrite(intent);
  } catch {
    return { kind: 'failed' };
  }
  // The caller may never read it; a rejection here must not go unhandled.
  const firstAttempt = queued.firstAttempt.catch((): FirstAttempt => ({ kind: 'deferred', reason: 'retrying' }));
  return { kind: 'queued', entryId: queued.entryId, firstAttempt };
}

export const CONFLICT_DETAIL =
  'This listing was changed on another device since you opened it. Your version is kept in the Outbox, where you can choose which values to keep.';

export function pendingMessage(reason: 'offline' | 'retrying' | 'paused'): string {
  if (reason === 'paused') return 'Saved on this device. It will be sent after you sign in again.';
  if (reason === 'retrying')
    return 'Saved on this device. The server did not answer yet; it will be sent automatically.';
  return 'Saved on this device. It will be sent when you’re back online.';
}
