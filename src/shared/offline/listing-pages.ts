/**
 * Public listing pages (and promoters' and venues' `/p/` pages)
 * kept for offline reading, in the Cache
 * Storage cache `listing-pages-v1`, written by the service worker.
 *
 * What: the HTML of the last MAX_LISTING_PAGES (20) listing pages visited and
 * their cover images, at KEPT_COVER_WIDTH (960 px, ~50–100 KB; the worker
 * shows that copy offline whichever size the page asks for). 20 pages of
 * ~10 KB plus covers stay within a few MB, small next to the precache, and
 * cover "the events I looked at this week". Each entry carries the time it was stored; after
 * LISTING_MAX_AGE (7 days) it is no longer served (a week-old copy of an event
 * page is likely wrong — times move, events get cancelled) and is deleted.
 * A page the server answers 404 for (deleted) is dropped with its cover at once.
 */
import { LISTING_PATH_PATTERN } from '../contract/listing-url.ts';
import { isPromoterPagePath } from '../contract/promoter-url.ts';
import { srcSetCandidate } from '../contract/media-url.ts';

export const LISTING_CACHE = 'listing-pages-v1';
export const MAX_LISTING_PAGES = 20;
export const LISTING_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Sharp on a phone screen, a third of the original's bytes. */
export const KEPT_COVER_WIDTH = 960;

const STORED_AT = 'x-roamly-stored-at';
const IMAGES = 'x-roamly-images';

/** A listing page (`/e/…`) or a promoter's or venue's page (`/p/…`): kept alike. */
export function isListingUrl(url: URL): boolean {
  return LISTING_PATH_PATTERN.test(url.pathname) || isPromoterPagePath(url.pathname);
}

/** The cache key of a page: its address without query or fragment (utm tags do not make a new page). */
function pageKey(url: string): string {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname;
}

const unescape = (text: string) => text.replace(/&amp;/g, '&');

/** The cover of a listing page (its KEPT_COVER_WIDTH copy when it has a srcset), same-origin, from its HTML. */
export function listingImages(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const tag = /<div class="listing__cover"><img ([^>]*)>/.exec(html)?.[1];
  // Attribute names in any case: React writes `srcSet`.
  const src = tag && / src="([^"]+)"/i.exec(` ${tag}`)?.[1];
  if (!src) return [];
  const srcSet = / srcset="([^"]+)"/i.exec(` ${tag}`)?.[1];
  const cover = (srcSet && srcSetCandidate(unescape(srcSet), KEPT_COVER_WIDTH)) ?? unescape(src);
  const url = new URL(cover, pageUrl);
  return url.origin === origin ? [url.href] : [];
}

function stamped(body: BodyInit | null, from: Response, now: number, images: readonly string[]): Response {
  const headers = new Headers(from.headers);
  headers.set(STORED_AT, String(now));
  if (images.length) headers.set(IMAGES, images.join(' '));
  return new Response(body, { status: from.status, statusText: from.statusText, headers });
}

/**
 * Stores a 200 page and its images, then keeps only the newest pages.
 * `fetchImage` is the network (injected, so tests need none).
 */
export async function keepListing(
  cache: Cache,
  url: string,
  page: Response,
  fetchImage: (url: string) => Promise<Response>,
  now: number,
): Promise<void> {
  if (page.status !== 200) return;
  const html = await page.text();
  const images = listingImages(html, url);
  for (const image of images) {
    if (await cache.match(image)) continue;
    const response = await fetchImage(image).catch(() => null);
    if (response?.ok) await cache.put(image, response);
  }
  await cache.put(pageKey(url), stamped(html, page, now, images));
  await trimListings(cache, now);
}

/** The kept copy of a page, unless it has expired (then it is deleted). */
export async function readListing(cache: Cache, url: string, now: number): Promise<Response | undefined> {
  const response = await cache.match(pageKey(url));
  if (!response) return undefined;
  if (now - Number(response.headers.get(STORED_AT)) > LISTING_MAX_AGE_MS) {
    await forgetListing(cache, url);
    return undefined;
  }
  return response;
}

/** Drops a page and its images (the listing was deleted). */
export async function forgetListing(cache: Cache, url: string): Promise<void> {
  const response = await cache.match(pageKey(url));
  await cache.delete(pageKey(url));
  for (const image of response?.headers.get(IMAGES)?.split(' ') ?? []) {
    if (image) await cache.delete(image);
  }
}

/** Keeps the MAX_LISTING_PAGES newest unexpired pages and only the images they use. */
export async function trimListings(cache: Cache, now: number): Promise<void> {
  const pages: { key: string; storedAt: number; images: string[] }[] = [];
  const images: string[] = [];
  for (const request of await cache.keys()) {
    if (!isListingUrl(new URL(request.url))) {
      images.push(request.url);
      continue;
    }
    const response = await cache.match(request);
    pages.push({
      key: request.url,
      storedAt: Number(response?.headers.get(STORED_AT) ?? 0),
      images: response?.headers.get(IMAGES)?.split(' ').filter(Boolean) ?? [],
    });
  }
  pages.sort((a, b) => b.storedAt - a.storedAt);
  const kept = pages.filter((page, index) => index < MAX_LISTING_PAGES && now - page.storedAt <= LISTING_MAX_AGE_MS);
  const used = new Set(kept.flatMap((page) => page.images));
  for (const page of pages) if (!kept.includes(page)) await cache.delete(page.key);
  for (const image of images) if (!used.has(image)) await cache.delete(image);
}

/** What a listing page shows offline when it was never kept (or has expired). */
export function offlineListingPage(): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#16142b;background:#fbf7f1}</style></head><body><header><a href="/">Home</a></header><main><h1>You are offline</h1><p>This listing was not saved on this device. Open it again when you are back online; listings you open are kept for a week so you can read them without a connection.</p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
