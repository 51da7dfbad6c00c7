/**
 * The only page module that talks to the service worker (and the only
 * importer of workbox-window). Registration happens after load so it never
 * competes with the first paint.
 *
 * Updates: a new worker waits; the page offers "Update available" and, on
 * request, activates it and reloads — unless the reload guard refuses (the
 * outbox sets one so a reload never happens while writes are unsent).
 */
import type { Workbox } from 'workbox-window';

type Listener = () => void;
/** Returns false to refuse a reload right now. */
export type ReloadGuard = () => boolean | Promise<boolean>;

let workbox: Workbox | null = null;
let updateWaiting = false;
let requestedUpdate = false;
let reloadGuard: ReloadGuard = () => true;
const listeners = new Set<Listener>();

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  if (!navigator.serviceWorker.controller) {
    // First visit: no worker controls the page, so there is nothing to update
    // yet; the plain API installs it and workbox-window (2 KB) stays out of the
    // first visit's budget. Later visits, served by the worker, load it.
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    return;
  }
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    updateWaiting = true;
    listeners.forEach((listener) => listener());
  });
  workbox.addEventListener('controlling', (event) => {
    // Reload only when we asked for the update, never because another tab did.
    if (event.isUpdate && requestedUpdate) window.location.reload();
  });
  await workbox.register();
}

/** Installs the check run before an update reloads the page (null removes it). */
export function setReloadGuard(guard: ReloadGuard | null): void {
  reloadGuard = guard ?? (() => true);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Activates the waiting worker; the page reloads once it takes control.
 * Resolves false, doing nothing, when the reload guard refuses.
 */
export async function applyUpdate(): Promise<boolean> {
  if (!(await reloadGuard())) return false;
  requestedUpdate = true;
  workbox?.messageSkipWaiting();
  return true;
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Asks the worker to send the outbox when connectivity returns (Background
 * Sync), where the browser has it. False when it does not: the page's own
 * triggers (online, visibility, timer) then carry the load.
 */
export async function requestBackgroundSync(tag: string): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    if (!sync) return false;
    await sync.register(tag);
    return true;
  } catch {
    return false;
  }
}
