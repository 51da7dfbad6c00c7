/**
 * The page's side of the service worker, with ./sw-control.ts (the only two
 * modules that talk to it). Registration happens after load so it never
 * competes with the first paint. A first visit has no worker yet, so nothing
 * can be waiting to update: the plain API installs it, and the update flow
 * (workbox-window) loads only on later visits, which the worker controls.
 */
type Listener = () => void;

let updateWaiting = false;
const listeners = new Set<Listener>();

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  if (!navigator.serviceWorker.controller) {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    return;
  }
  const { watchForUpdates } = await import('./sw-control.ts');
  await watchForUpdates(markUpdateWaiting);
}

/** Handed to sw-control.ts: a new worker is installed and waiting. */
function markUpdateWaiting(): void {
  updateWaiting = true;
  listeners.forEach((listener) => listener());
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
