/**
 * Every message that crosses a context boundary (page ↔ service worker, tab ↔
 * tab), as one typed union with one reader per channel. A message arrives as
 * `unknown` (another version of the app may have sent it); the readers check
 * its shape and hand back a typed message or null — nothing is cast on arrival.
 */
import type { FirstAttempt } from './outbox/intent.ts';

/**
 * Page → worker (`ServiceWorker.postMessage`): workbox-window's "take over now", and a
 * listing page the worker did not serve (a first visit) asking to be kept for offline
 * reading (src/shared/offline/listing-pages.ts).
 */
export type PageToWorkerMessage = { type: 'SKIP_WAITING' } | { type: 'KEEP_LISTING'; url: string };

/** Outbox news between tabs and the worker (BroadcastChannel `roamly-outbox`). */
export type OutboxMessage =
  | { type: 'sending'; entryId: string; target: string }
  | { type: 'outcome'; entryId: string; outcome: FirstAttempt }
  | { type: 'created'; tempTarget: string; id: number }
  | { type: 'changed' };

/** Sign-in news between tabs and the worker (BroadcastChannel `roamly-auth`). */
export type AuthMessage = { type: 'signed-in' } | { type: 'signed-out' };

/**
 * Worker → page, through IndexedDB: what was shared to the installed app (Web Share Target,
 * sw/share-target.ts). The worker answers the share's POST with a redirect, so the page that
 * takes it does not exist yet when it arrives; it waits in the drafts store under
 * SHARED_ITEM_KEY until the Events screen takes it, once.
 */
export type SharedItemMessage = { type: 'SHARED_ITEM'; image: Blob | null; title: string };

export const SHARED_ITEM_KEY = 'share:latest';

export type ContextMessage = PageToWorkerMessage | OutboxMessage | AuthMessage | SharedItemMessage;

type Loose = Record<string, unknown>;

function record(data: unknown): Loose | null {
  return typeof data === 'object' && data !== null ? (data as Loose) : null;
}

export function readPageToWorkerMessage(data: unknown): PageToWorkerMessage | null {
  const message = record(data);
  switch (message?.type) {
    case 'SKIP_WAITING':
      return { type: 'SKIP_WAITING' };
    case 'KEEP_LISTING':
      return typeof message.url === 'string' ? { type: 'KEEP_LISTING', url: message.url } : null;
    default:
      return null;
  }
}

const outcomeKinds: ReadonlySet<unknown> = new Set(['sent', 'rejected', 'deferred']);

export function readOutboxMessage(data: unknown): OutboxMessage | null {
  const message = record(data);
  switch (message?.type) {
    case 'changed':
      return { type: 'changed' };
    case 'sending':
      return typeof message.entryId === 'string' && typeof message.target === 'string'
        ? { type: 'sending', entryId: message.entryId, target: message.target }
        : null;
    case 'created':
      return typeof message.tempTarget === 'string' && typeof message.id === 'number'
        ? { type: 'created', tempTarget: message.tempTarget, id: message.id }
        : null;
    case 'outcome': {
      const outcome = record(message.outcome);
      return typeof message.entryId === 'string' && outcomeKinds.has(outcome?.kind)
        ? { type: 'outcome', entryId: message.entryId, outcome: outcome as FirstAttempt }
        : null;
    }
    default:
      return null;
  }
}

export function readAuthMessage(data: unknown): AuthMessage | null {
  const type = record(data)?.type;
  return type === 'signed-in' || type === 'signed-out' ? { type } : null;
}

export function readSharedItemMessage(data: unknown): SharedItemMessage | null {
  const message = record(data);
  if (message?.type !== 'SHARED_ITEM' || typeof message.title !== 'string') return null;
  const image = message.image instanceof Blob ? message.image : null;
  return { type: 'SHARED_ITEM', image, title: message.title };
}
