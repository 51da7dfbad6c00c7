/**
 * The public listing pages' side of the service worker. Not in ./sw-bridge.ts
 * on purpose: that module is bundled into the app chunk (~100 KB gzip), and a
 * listing page must not download the app to ask for one thing — to install
 * the worker if this is the first visit, and have it keep this page for
 * offline reading (on a first visit the worker did not serve the page, so it
 * has no copy yet).
 */
import type { PageToWorkerMessage } from '../shared/messages.ts';

export async function keepListingPageOffline(url: string): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  if (!navigator.serviceWorker.controller) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const message: PageToWorkerMessage = { type: 'KEEP_LISTING', url };
  registration.active?.postMessage(message);
}
