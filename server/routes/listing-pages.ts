/**
 * Public pages outside the API: `/e/{id}/{slug}` for every event and business
 * listing (contract §7), `/sitemap.xml` and `/robots.txt`. Absolute URLs
 * come from PUBLIC_URL, never from the request's Host.
 *
 * Caching: a page is rendered per request (a few milliseconds) and tagged
 * with a hash of its bytes, so `If-None-Match` answers 304 and a CDN may hold
 * a copy for 5 s (`s-maxage`) — an edit shows within seconds — while browsers
 * revalidate every time. A wrong slug answers 301 to the canonical address.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { brand } from '../../src/brand.ts';
import { listingFromRecord } from '../../src/components/listing/listing-model.ts';
import { prerenderPaths } from '../../src/content/page-meta.ts';
import { EventSchema, type EventRecord } from '../../src/shared/contract/event.ts';
import { LISTING_PATH_PATTERN, listingPath, listingSlug } from '../../src/shared/contract/listing-url.ts';
import type { ApiEnv, Services } from '../context.ts';
import { MEDIA_PATH } from '../http/urls.ts';
import { listingJsonLd, scriptSafeJson } from '../pages/listing-json-ld.ts';
import { listingDocument, notFoundDocument } from '../pages/listing-document.ts';
import { requestLocale } from '../pages/request-locale.ts';
import { publicListing, sitemapListings, type PublicListingRow } from '../db/queries/listings.ts';

/** CDNs may keep a page 5 s; browsers always ask again (a 304 when unchanged). */
export const LISTING_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, must-revalidate';

const HTML = 'text/html; charset=utf-8';

export interface ListingPageOptions {
  /** Module scripts the page loads (the built offline helper); none in tests without a build. */
  scripts?: readonly string[];
}

function description(record: EventRecord, when: string | null): string {
  const text = record.bio.trim().replace(/\s+/g, ' ');
  if (text) return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  return [when, record.location_name].filter(Boolean).join(' · ') || `${record.title} on ${brand.name}`;
}

function organizerOf(row: PublicListingRow, origin: string) {
  return {
    name: row.organizer_name || brand.name,
    type: row.organizer_type === 'business' ? ('Organization' as const) : ('Person' as const),
    url:
      row.business_id && row.business_title ? origin + listingPath(Number(row.business_id), row.business_title) : null,
  };
}

/** Answers 304 when the client's copy is current. */
function notModified(c: Context, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) return ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

export function listingPageRoutes(services: Services, options: ListingPageOptions = {}): Hono<ApiEnv> {
  const { db, config } = services;
  const origin = config.publicUrl;
  const scripts = options.scripts ?? [];
  const router = new Hono<ApiEnv>();

  const notFound = (c: Context) =>
    c.body(notFoundDocument(), 404, { 'Content-Type': HTML, 'Cache-Control': LISTING_CACHE_CONTROL });

  router.get('/e/*', async (c) => {
    const match = LISTING_PATH_PATTERN.exec(c.req.path);
    const id = match ? Number(match[1]) : NaN;
    if (!Number.isSafeInteger(id)) return notFound(c);
    const row = await publicListing(db, id, origin + MEDIA_PATH);
    if (!row) return notFound(c);
    const record = v.parse(EventSchema, JSON.parse(row.body));
    const path = listingPath(record.id, record.title);
    if (c.req.path !== path) {
      return c.body(null, 301, { Location: origin + path, 'Cache-Control': LISTING_CACHE_CONTROL });
    }
    const canonical = origin + path;
    const listing = listingFromRecord(record, brand.timeZone, requestLocale(c.req.header('accept-language')));
    const image = record.cover_image ?? `${origin}/icons/og-image.png`;
    const jsonLd = listingJsonLd(record, {
      url: canonical,
      images: [image],
      timeZone: brand.timeZone,
      organizer: organizerOf(row, origin),
    });
    const html = listingDocument(
      listing,
      {
        title: `${record.title} — ${brand.name}`,
        description: description(record, listing.when),
        canonical,
        image,
        jsonLd: scriptSafeJson(jsonLd),
      },
      scripts,
    );
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    const lastModified = new Date(record.updated_at);
    const headers = {
      'Cache-Control': LISTING_CACHE_CONTROL,
      ETag: etag,
      'Last-Modified': lastModified.toUTCString(),
      // Dates are written in the reader's language.
      Vary: 'Accept-Language',
    };
    if (notModified(c, etag, lastModified)) return c.body(null, 304, headers);
    return c.body(html, 200, { ...headers, 'Content-Type': HTML });
  });

  router.get('/sitemap.xml', async (c) => {
    const rows = await sitemapListings(db);
    const pages = prerenderPaths.map((path) => `<url><loc>${origin}${path === '/' ? '/' : path}</loc></url>`);
    const listings = rows.map(
      (row) =>
        `<url><loc>${escapeXml(origin + `/e/${row.id}/${listingSlug(row.title)}`)}</loc><lastmod>${row.updated_at}</lastmod></url>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...listings].join('\n')}\n</urlset>\n`;
    return c.body(xml, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=60',
    });
  });

  router.get('/robots.txt', (c) =>
    c.body(
      `User-agent: *\nAllow: /\nAllow: /e/\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`,
      200,
      { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    ),
  );

  return router;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
