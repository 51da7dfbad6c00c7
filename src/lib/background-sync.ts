/**
 * Background Sync, asked of whatever worker is registered. Its own module, without
 * workbox-window, so the outbox's code does not bring the update flow (sw-control.ts)
 * into a page's first load.
 */
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
