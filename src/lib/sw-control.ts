/**
 * What the page asks of its service worker once one controls it: the update
 * flow through workbox-window (a new worker waits; on request it takes over and
 * the page reloads — unless the reload guard refuses: the outbox sets one so a
 * reload never happens while writes are unsent) and Background Sync. Loaded on
 * demand by sw-bridge.ts, which alone is in the first visit's bundle.
 */
import { Workbox } from 'workbox-window';
import { checkForUpdatesPeriodically } from './sw-update-checks.ts';

/** Returns false to refuse a reload right now. */
export type ReloadGuard = () => boolean | Promise<boolean>;

let workbox: Workbox | null = null;
let requestedUpdate = false;
let reloadGuard: ReloadGuard = () => true;

/**
 * Registers through workbox-window, which reports a waiting update to `onWaiting`
 * (sw-bridge.ts's state: passed in, so neither module imports the other).
 */
export async function watchForUpdates(onWaiting: () => void): Promise<void> {
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', onWaiting);
  workbox.addEventListener('controlling', (event) => {
    // Reload only when we asked for the update, never because another tab did.
    if (event.isUpdate && requestedUpdate) window.location.reload();
  });
  await workbox.register();
  const registered = workbox;
  checkForUpdatesPeriodically(() => registered.update());
}

/** Installs the check run before an update reloads the page (null removes it). */
export function setReloadGuard(guard: ReloadGuard | null): void {
  reloadGuard = guard ?? (() => true);
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
