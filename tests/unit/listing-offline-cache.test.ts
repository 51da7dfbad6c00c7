/**
 * Listing pages kept for offline reading (src/shared/offline/listing-pages.ts):
 * a page is kept with its cover, the newest MAX_LISTING_PAGES stay, an
 * expired copy is never served, a deleted listing is forgotten with its cover.
 * Cache Storage is replaced by an in-memory Cache of the same shape.
 */
import { describe, expect, it } from 'vitest';
import { imageSrcSet, sameImageUrls, srcSetCandidate } from '../../src/shared/contract/media-url.ts';
import {
  KEPT_COVER_WIDTH,
  forgetListing,
  isListingUrl,
  keepListing,
  listingImages,
  LISTING_MAX_AGE_MS,
  MAX_LISTING_PAGES,
  readListing,
} from '../../src/shared/offline/listing-pages.ts';

class MemoryCache {
  readonly entries = new Map<string, Response>();
  private key(request: RequestInfo | URL): string {
    return typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
  }
  async match(request: RequestInfo | URL) {
    return this.entries.get(this.key(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(this.key(request), response);
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.key(request));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

const origin = 'https://roamly.test';
const pageHtml = (n: number) =>
  `<main><article class="listing"><div class="listing__cover"><img src="${origin}/api/media/cover-${n}.png" alt=""></div><h1>Event ${n}</h1></article></main>`;
const pageResponse = (n: number) =>
  new Response(pageHtml(n), { status: 200, headers: { 'Content-Type': 'text/html' } });
const image = () => Promise.resolve(new Response('png-bytes', { status: 200 }));
const asCache = (cache: MemoryCache) => cache as unknown as Cache;

describe('listing pages kept offline', () => {
  it("keeps promoters' and venues' /p/ pages too, but not their calendar feeds", () => {
    const at = (path: string) => isListingUrl(new URL(path, origin));
    expect(at('/e/3/x')).toBe(true);
    expect(at('/p/sam.nights')).toBe(true);
    expect(at('/p/sam.nights.ics')).toBe(false);
    expect(at('/e/3.ics')).toBe(false);
    expect(at('/p/a/b')).toBe(false);
    expect(at('/p/')).toBe(false);
  });

  it('finds the cover of a page, and only on our origin', () => {
    expect(listingImages(pageHtml(3), `${origin}/e/3/x`)).toEqual([`${origin}/api/media/cover-3.png`]);
    expect(
      listingImages('<div class="listing__cover"><img src="https://elsewhere.test/a.png"', `${origin}/e/3/x`),
    ).toEqual([]);
  });

  it('keeps the 960 px copy of a cover that has a srcset (as React writes it), and falls back to src', () => {
    const media = `${origin}/api/media/AAAAAAAAAAAAAAAAAAAAAA.webp`;
    const html = `<div class="listing__cover"><img src="${media}" srcSet="${imageSrcSet(media)!.replace(/&/g, '&amp;')}" sizes="100vw" alt=""></div>`;
    expect(listingImages(html, `${origin}/e/3/x`)).toEqual([`${media}?w=960`]);
    expect(KEPT_COVER_WIDTH).toBe(960);
  });

  it('knows every address of one uploaded picture, and picks a srcset candidate by width', () => {
    const media = `${origin}/api/media/AAAAAAAAAAAAAAAAAAAAAA.jpg`;
    const all = [media, `${media}?w=1280`, `${media}?w=960`, `${media}?w=480`];
    expect(sameImageUrls(new URL(`${media}?w=480`))).toEqual(all);
    expect(sameImageUrls(new URL(media))).toEqual(all);
    expect(sameImageUrls(new URL(`${origin}/icons/og-image.png`))).toEqual([]);
    const srcSet = imageSrcSet(media)!;
    expect(srcSetCandidate(srcSet, 300)).toBe(`${media}?w=480`);
    expect(srcSetCandidate(srcSet, 700)).toBe(`${media}?w=960`);
    expect(srcSetCandidate(srcSet, 1074)).toBe(`${media}?w=1280`);
    expect(srcSetCandidate(srcSet, 5000)).toBe(media);
    // Only images this server can make smaller get a srcset.
    expect(imageSrcSet(`${origin}/api/media/AAAAAAAAAAAAAAAAAAAAAA.gif`)).toBeNull();
    expect(imageSrcSet('blob:https://roamly.test/5b1c')).toBeNull();
    expect(imageSrcSet(`${media}?w=480`)).toBeNull();
    expect(imageSrcSet('/api/media/AAAAAAAAAAAAAAAAAAAAAA.png')).toBe(
      '/api/media/AAAAAAAAAAAAAAAAAAAAAA.png?w=480 480w, /api/media/AAAAAAAAAAAAAAAAAAAAAA.png?w=960 960w, /api/media/AAAAAAAAAAAAAAAAAAAAAA.png?w=1280 1280w, /api/media/AAAAAAAAAAAAAAAAAAAAAA.png 1600w',
    );
  });

  it('keeps a page with its cover, whatever query the link carried', async () => {
    const cache = new MemoryCache();
    await keepListing(asCache(cache), `${origin}/e/1/a?utm_source=flyer`, pageResponse(1), image, 1000);
    expect([...cache.entries.keys()].sort()).toEqual([`${origin}/api/media/cover-1.png`, `${origin}/e/1/a`]);
    const kept = await readListing(asCache(cache), `${origin}/e/1/a`, 2000);
    expect(await kept?.text()).toContain('Event 1');
  });

  it(`keeps only the newest ${MAX_LISTING_PAGES} pages and the covers they use`, async () => {
    const cache = new MemoryCache();
    for (let n = 1; n <= MAX_LISTING_PAGES + 3; n++) {
      await keepListing(asCache(cache), `${origin}/e/${n}/a`, pageResponse(n), image, 1000 + n);
    }
    const keys = [...cache.entries.keys()];
    expect(keys.filter((key) => key.includes('/e/'))).toHaveLength(MAX_LISTING_PAGES);
    expect(keys).not.toContain(`${origin}/e/3/a`);
    expect(keys).not.toContain(`${origin}/api/media/cover-3.png`);
    expect(keys).toContain(`${origin}/e/4/a`);
    expect(keys).toContain(`${origin}/api/media/cover-4.png`);
  });

  it('never serves a copy older than the expiry, and deletes it', async () => {
    const cache = new MemoryCache();
    await keepListing(asCache(cache), `${origin}/e/1/a`, pageResponse(1), image, 0);
    expect(await readListing(asCache(cache), `${origin}/e/1/a`, LISTING_MAX_AGE_MS)).toBeDefined();
    expect(await readListing(asCache(cache), `${origin}/e/1/a`, LISTING_MAX_AGE_MS + 1)).toBeUndefined();
    expect(cache.entries.has(`${origin}/e/1/a`)).toBe(false);
  });

  it('forgets a deleted listing with its cover, and keeps nothing but 200 pages', async () => {
    const cache = new MemoryCache();
    await keepListing(asCache(cache), `${origin}/e/1/a`, pageResponse(1), image, 0);
    await forgetListing(asCache(cache), `${origin}/e/1/a`);
    expect(cache.entries.size).toBe(0);
    await keepListing(asCache(cache), `${origin}/e/2/a`, new Response('gone', { status: 404 }), image, 0);
    expect(cache.entries.size).toBe(0);
  });
});
