/**
 * The one script of a public listing page (`/e/{id}/{slug}`, rendered by the
 * server, readable without it): after the page has loaded, count the visit
 * for the listing's insights (src/lib/listing-insights-beacon.ts), install
 * the service worker and have it keep this page for offline reading, and
 * mount the Follow / Remind me buttons (src/lib/listing-follow.ts) and Share
 * (src/lib/listing-share.ts). They are
 * imported, not loaded as a chunk of their own: a dynamic import goes through
 * the build's preload helper, which lives in the app's entry chunk, and
 * fetching that chunk would boot the whole app on this page.
 */
import { startInsightsBeacon } from './lib/listing-insights-beacon.ts';
import { mountFollow } from './lib/listing-follow.ts';
import { mountShare } from './lib/listing-share.ts';
import { keepListingPageOffline } from './lib/listing-offline.ts';

const start = () => {
  startInsightsBeacon();
  void keepListingPageOffline(window.location.href).catch(() => undefined);
  mountFollow();
  mountShare();
};
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
