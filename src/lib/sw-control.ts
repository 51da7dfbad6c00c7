/**
 * What the page asks of its service worker once one controls it: the update
 * flow through workbox-window (a new worker waits; on request it takes over and
 * the page reloads — unless the reload guard refuses: the outbox sets one so a
 * reload never happens while writes are unsent) and Background Sync. Loaded on
 * demand by sw-bridge.ts, which alone is in the first visit's bundle.
 */
import { Workbox } from 'workbox-window';
import { reloadAllowed } from './reload-guard.ts';
import { checkForUpdatesPeriodically } from './sw-update-checks.ts';

export { setReloadGuard, type ReloadGuard } from './reload-guard.ts';
export { requestBackgroundSync } from './background-sync.ts';

let workbox: Workbox | null = null;
let requestedUpdate = false;

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

/**
 * Activates the waiting worker; the page reloads once it takes control.
 * Resolves false, doing nothing, when the reload guard refuses.
 */
export async function applyUpdate(): Promise<boolean> {
  if (!(await reloadAllowed())) return false;
  requestedUpdate = true;
  workbox?.messageSkipWaiting();
  return true;
}
