/**
 * How contexts (tabs and the service worker) tell each other the outbox
 * changed: one BroadcastChannel. Messages are hints to re-read IndexedDB,
 * plus the outcome of a send so the page that queued a write (e.g. the issue
 * form) can show its result even when the worker sent it.
 */
import type { OutboxEvent } from './outbox-runner.ts';

export const OUTBOX_CHANNEL = 'roamly-outbox';
/** Background Sync tag registered by pages and handled by the worker. */
export const OUTBOX_SYNC_TAG = 'roamly-outbox';

export function openOutboxChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
}

export function isOutboxEvent(data: unknown): data is OutboxEvent {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'sending' || type === 'outcome' || type === 'created' || type === 'changed';
}
