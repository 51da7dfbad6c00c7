/// <reference lib="webworker" />
/**
 * The service worker, top to bottom: precache the shell and every prerendered
 * page, answer navigations from the precache (offline reading), take over on
 * request. Logic that is more than wiring lives in src/shared/.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations: network first (fresh pages online), then the prerendered copy
// of that route, then the app shell, which routes client-side.
registerRoute(
  new NavigationRoute(async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      const path = url.pathname.replace(/\/+$/, '');
      const page = path === '' ? '/index.html' : `${path}/index.html`;
      return (await matchPrecache(page)) ?? (await matchPrecache('/shell.html')) ?? Response.error();
    }
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
