/// <reference lib="webworker" />
/**
 * The service worker, top to bottom: precache the shell and every prerendered
 * page, answer page navigations from that precache (instant, and readable
 * offline), keep images in a bounded cache, take over on request. Logic that
 * is more than wiring lives in src/shared/ (and sw/sync.ts for the outbox).
 */
import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { registerListingPages } from './listing-pages.ts';
import { registerPushNotices } from './push.ts';
import { readPageToWorkerMessage } from '../src/shared/messages.ts';
import { registerShareTarget } from './share-target.ts';
import { registerOutboxSync } from './sync.ts';
import { API_PREFIX } from '../src/shared/contract/api-routes.ts';
import { EMBED_PATH_PREFIX } from '../src/shared/contract/embed-url.ts';
import { sameImageUrls } from '../src/shared/contract/media-url.ts';
import { LISTING_CACHE } from '../src/shared/offline/listing-pages.ts';

declare const self: ServiceWorkerGlobalScope;

// 1. Precache: app shell, JS/CSS, icons and the prerendered HTML of every
//    marketing and policy page (the list is injected at build).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// 2. Public listing pages (/e/{id}/{slug}, /p/{name}): network first, the last ones
//    visited kept for offline reading (sw/listing-pages.ts). Before the
//    general navigation route, which would answer them with the shell.
registerListingPages();

// 3. Other navigations. Prerendered pages and the shell are build output: the copy
//    in the precache is exactly what the server would send, until the next
//    worker version brings the next build. So they come from the precache
//    first; the network is asked only for paths we do not have. The API is
//    never answered with a page, nor is an embed frame (another site's iframe).
registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      const path = url.pathname.replace(/\/+$/, '');
      const page = await matchPrecache(path === '' ? '/index.html' : `${path}/index.html`);
      if (page) return page;
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/shell.html')) ?? Response.error();
      }
    },
    { denylist: [new RegExp(`^${API_PREFIX}/`), /^\/e\//, /^\/p\//, new RegExp(`^${EMBED_PATH_PREFIX}`)] },
  ),
);

// 4. Images (covers, avatars, badges): cache first, a bounded number for a
//    month; a kept listing page's cover comes from that page's cache.
const images = new CacheFirst({
  cacheName: 'images',
  // The cast only bridges workbox's typings and exactOptionalPropertyTypes.
  plugins: [
    new ExpirationPlugin({
      maxEntries: 120,
      maxAgeSeconds: 30 * 24 * 60 * 60,
      purgeOnQuotaError: true,
    }) as unknown as WorkboxPlugin,
  ],
});
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  async (options) => {
    const kept = await caches.match(options.request, { cacheName: LISTING_CACHE });
    if (kept) return kept;
    try {
      return await images.handle(options);
    } catch (error) {
      // Offline, a page may ask for another size (srcset) than the one kept: same picture.
      for (const other of sameImageUrls(options.url)) {
        const copy = await caches.match(other);
        if (copy) return copy;
      }
      throw error;
    }
  },
);

// 5. Updates: the page asks (after the user accepted "Update available").
self.addEventListener('message', (event) => {
  if (readPageToWorkerMessage(event.data)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// 6. Queued writes: Background Sync and page nudges send the outbox (sw/sync.ts).
registerOutboxSync();

// 7. Share target: an image shared to the installed app becomes a new event's cover (sw/share-target.ts).
registerShareTarget();

// 8. Followers' notifications: show each push, and open its page on a tap (sw/push.ts).
registerPushNotices();
