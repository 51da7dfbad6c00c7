/**
 * The one script of a public listing page (`/e/{id}/{slug}`, rendered by the
 * server, readable without it): after the page has loaded, count the visit
 * for the listing's insights (src/lib/listing-insights-beacon.ts), install
 * the service worker and have it keep this page for offline reading, and
 * load the Follow / Remind me buttons (src/lib/listing-follow.ts) as a chunk
 * of their own. Nothing else, so the page's first-visit JavaScript stays at a
 * few hundred bytes before the page has loaded.
 */
import { startInsightsBeacon } from './lib/listing-insights-beacon.ts';
import { keepListingPageOffline } from './lib/listing-offline.ts';

const start = () => {
  startInsightsBeacon();
  void keepListingPageOffline(window.location.href).catch(() => undefined);
  void import('./lib/listing-follow.ts').then((follow) => follow.mountFollow()).catch(() => undefined);
};
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
