/**
 * How contexts (tabs and the service worker) tell each other the outbox
 * changed: one BroadcastChannel. Messages are hints to re-read IndexedDB,
 * plus the outcome of a send so the page that queued a write (e.g. the issue
 * form) can show its result even when the worker sent it. A `sending` and a
 * `sent` outcome say exactly what the sender stored (attempt counted; entry
 * deleted), so a page applies them to its copy of the queue without a read;
 * a runner announces `changed` only for what its outcomes do not say.
 */

export const OUTBOX_CHANNEL = 'roamly-outbox';
/** Background Sync tag registered by pages and handled by the worker. */
export const OUTBOX_SYNC_TAG = 'roamly-outbox';

export function openOutboxChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
}

export { readOutboxMessage } from '../messages.ts';
