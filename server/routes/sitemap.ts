/**
 * `/sitemap.xml`, its files `/sitemap-{n}.xml` (pages/sitemap.ts) and
 * `/robots.txt`, which names the index. Absolute URLs come from PUBLIC_URL.
 *
 * Built for every request, the sitemap cost ~0.7 s and 5–7 MB at the listing
 * cap, and a few crawlers (or anyone with a query string) could keep the
 * event loop busy. So it is built at most once per SITEMAP_MAX_AGE_MS into
 * one snapshot that answers every request: the routes read the path alone,
 * so a query string or header cannot ask for a fresh build, readers that
 * arrive during a build share it, and memory holds one snapshot (the files
 * already encoded and gzipped, with their ETags). Each process keeps its own;
 * ETags hash the bytes and the XML holds no build time, so every instance
 * agrees on them. A file of 10,000 addresses (~1.3 MB) goes out as ~90 KB gzipped.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { prerenderPaths } from '../../src/content/page-meta.ts';
import { API_PREFIX } from '../../src/shared/contract/api-routes.ts';
import { listingSlug } from '../../src/shared/contract/listing-url.ts';
import { promoterPath } from '../../src/shared/contract/promoter-url.ts';
import type { ApiEnv, Services } from '../context.ts';
import { acceptsEncoding } from '../http/accept-encoding.ts';
import { sitemapListings } from '../db/queries/listings.ts';
import { sitemapAccounts } from '../db/queries/promoter-pages.ts';
import { fileSlices, sitemapFile, sitemapIndex, type SitemapUrl } from '../pages/sitemap.ts';
import { periodicSnapshot } from '../services/periodic-snapshot.ts';

/** How long one build of the sitemap is served: a new listing reaches it within this. */
export const SITEMAP_MAX_AGE_MS = 5 * 60_000;

/** CDNs may keep a copy as long as the snapshot lives; browsers and crawlers revalidate (304 by ETag). */
const SITEMAP_CACHE_CONTROL = `public, max-age=0, s-maxage=${SITEMAP_MAX_AGE_MS / 1000}`;
const XML = 'application/xml; charset=utf-8';

interface ServedFile {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The same bytes gzipped, for clients that take them; a representation of its own, with its own ETag. */
  gzipped: Uint8Array<ArrayBuffer>;
  gzipEtag: string;
  /** When this process first built these bytes: an If-Modified-Since after it earns a 304. */
  changedAt: number;
}

interface Snapshot {
  index: ServedFile;
  files: ServedFile[];
}

/** In libuv's thread pool: other requests run meanwhile, between the files of a build. */
const gzipped = promisify(gzip);

export function sitemapRoutes(services: Services): Hono<ApiEnv> {
  const { db, clock } = services;
  const origin = services.config.publicUrl;
  const router = new Hono<ApiEnv>();
  let previous: Snapshot | null = null;

  /** The bytes with their ETag; unchanged bytes keep the time they first appeared. */
  async function served(xml: string, before: ServedFile | undefined, now: number): Promise<ServedFile> {
    const body = new TextEncoder().encode(xml);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    return {
      body,
      etag: `"${hash}"`,
      gzipped: new Uint8Array(await gzipped(body)),
      gzipEtag: `"${hash}-gzip"`,
      changedAt: before?.etag === `"${hash}"` ? before.changedAt : now,
    };
  }

  async function build(): Promise<Snapshot> {
    const now = clock.now();
    const [listings, accounts] = await Promise.all([sitemapListings(db), sitemapAccounts(db)]);
    // Fixed pages first and listings by id: a new listing joins the last file, the others stay as they were.
    // Addresses are made file by file: a slug costs ~3 µs (Unicode normalisation), and 49,000 of them in
    // one go would hold up every other request for ~150 ms; between files the gzip lets them run.
    const addresses: (() => SitemapUrl)[] = [
      ...prerenderPaths.map((path) => () => ({ loc: origin + path, lastmod: null })),
      ...listings.map((row) => () => ({
        loc: `${origin}/e/${row.id}/${listingSlug(row.title)}`,
        lastmod: row.updated_at,
      })),
      ...accounts.map((row) => () => ({ loc: origin + promoterPath(row.display_name), lastmod: row.updated_at })),
    ];
    const files: ServedFile[] = [];
    const lastmods: (string | null)[] = [];
    for (const slice of fileSlices(addresses)) {
      const file = sitemapFile(slice.map((address) => address()));
      lastmods.push(file.lastmod);
      files.push(await served(file.xml, previous?.files[files.length], now));
    }
    const index = await served(sitemapIndex(origin, lastmods), previous?.index, now);
    previous = { index, files };
    return previous;
  }

  const snapshot = periodicSnapshot(build, { maxAgeMs: SITEMAP_MAX_AGE_MS, now: () => clock.now() });

  router.get('/sitemap.xml', async (c) => answer(c, (await snapshot()).index));

  router.get('/:file{sitemap-[0-9]{1,6}\\.xml}', async (c) => {
    const n = Number(/\d+/.exec(c.req.param('file'))![0]);
    const file = (await snapshot()).files[n - 1];
    if (!file) return c.body('No such sitemap file.\n', 404, { 'Content-Type': 'text/plain; charset=utf-8' });
    return answer(c, file);
  });

  router.get('/robots.txt', (c) =>
    c.body(
      `User-agent: *\nAllow: /\nAllow: /e/\nAllow: /p/\nDisallow: /dashboard\nDisallow: ${API_PREFIX}/\n\nSitemap: ${origin}/sitemap.xml\n`,
      200,
      { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    ),
  );

  return router;
}

function answer(c: Context<ApiEnv>, file: ServedFile) {
  const gzip = acceptsEncoding(c.req.header('accept-encoding') ?? '', 'gzip');
  const etag = gzip ? file.gzipEtag : file.etag;
  const headers: Record<string, string> = {
    'Cache-Control': SITEMAP_CACHE_CONTROL,
    ETag: etag,
    'Last-Modified': new Date(file.changedAt).toUTCString(),
    Vary: 'Accept-Encoding',
  };
  if (notModified(c, etag, file.changedAt)) return c.body(null, 304, headers);
  if (gzip) headers['Content-Encoding'] = 'gzip';
  return c.body(gzip ? file.gzipped : file.body, 200, { ...headers, 'Content-Type': XML });
}

function notModified(c: Context<ApiEnv>, etag: string, changedAt: number): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) return ifNoneMatch.split(',').some((tag) => [etag, '*'].includes(tag.trim()));
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(changedAt / 1000) * 1000 <= since;
}
