/**
 * The one script of a public listing page (`/e/{id}/{slug}`, rendered by the
 * server, readable without it): after the page has loaded, install the
 * service worker and have it keep this page for offline reading. Nothing
 * else, so the page's first-visit JavaScript stays at a few hundred bytes.
 */
import { keepListingPageOffline } from './lib/listing-offline.ts';

const keep = () => void keepListingPageOffline(window.location.href).catch(() => undefined);
if (document.readyState === 'complete') keep();
else window.addEventListener('load', keep, { once: true });
