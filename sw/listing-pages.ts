/// <reference lib="webworker" />
/**
 * Public listing pages in the worker: network first, so an edit or a
 * deletion is seen at once online; each 200 is kept (with its cover) for
 * offline reading, each 404 forgets the page; offline, the kept copy is
 * served, or a short page saying it was never saved. A first visit is not
 * served by the worker (it installs during that visit), so the page asks for
 * itself to be kept by message. Policy and numbers: src/shared/offline/listing-pages.ts.
 */
import { registerRoute } from 'workbox-routing';
import { readPageToWorkerMessage } from '../src/shared/messages.ts';
import {
  forgetListing,
  isListingUrl,
  keepListing,
  LISTING_CACHE,
  offlineListingPage,
  readListing,
} from '../src/shared/offline/listing-pages.ts';

declare const self: ServiceWorkerGlobalScope;

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const fetchImage = (url: string) => fetch(url);

async function afterResponse(url: string, response: Response): Promise<void> {
  const cache = await caches.open(LISTING_CACHE);
  if (response.status === 200) await keepListing(cache, url, response, fetchImage, Date.now());
  else if (response.status === 404 || response.status === 410) await forgetListing(cache, url);
}

export function registerListingPages(): void {
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isListingUrl(url),
    async ({ request, event }) => {
      try {
        const response = await fetch(request);
        (event as ExtendableEvent).waitUntil(afterResponse(request.url, response.clone()));
        return response;
      } catch {
        const cache = await caches.open(LISTING_CACHE);
        return (await readListing(cache, request.url, Date.now())) ?? offlineListingPage();
      }
    },
  );

  self.addEventListener('message', (event) => {
    const message = readPageToWorkerMessage(event.data);
    if (message?.type !== 'KEEP_LISTING') return;
    const url = new URL(message.url, self.location.origin);
    if (!sameOrigin(url) || !isListingUrl(url)) return;
    event.waitUntil(fetch(url.href).then((response) => afterResponse(url.href, response)));
  });
}
