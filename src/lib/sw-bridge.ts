/**
 * The only page module that talks to the service worker (and the only
 * importer of workbox-window). Registration happens after load so it never
 * competes with the first paint.
 */
import type { Workbox } from 'workbox-window';

type Listener = () => void;

let workbox: Workbox | null = null;
let updateWaiting = false;
let requestedUpdate = false;
const listeners = new Set<Listener>();

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // Loaded on demand: the first paint never waits for the worker's helper.
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

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Activates the waiting worker; the page reloads once it takes control. */
export function applyUpdate(): void {
  requestedUpdate = true;
  workbox?.messageSkipWaiting();
}
