/**
 * The sitemap as the sitemaps.org protocol splits it: `/sitemap.xml` is a
 * sitemap index (<sitemapindex>) naming the files `/sitemap-1.xml` … , each
 * a <urlset> of at most URLS_PER_FILE addresses. The protocol allows 50,000
 * URLs and 50 MB a file; 10,000 keeps each file near 1 MB, cheap to send and
 * to fetch again. Pure: the route decides when to build and what to keep.
 */

/** Addresses in one sitemap file. */
export const URLS_PER_FILE = 10_000;

export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  /** ISO 8601 of the last change, when known. */
  lastmod: string | null;
}

export interface SitemapFile {
  xml: string;
  /** The newest `lastmod` of its addresses, or null when none has one. */
  lastmod: string | null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Path of the n-th file (from 1). */
export function sitemapFilePath(n: number): string {
  return `/sitemap-${n}.xml`;
}

function entry(tag: 'url' | 'sitemap', { loc, lastmod }: SitemapUrl): string {
  return `<${tag}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>`;
}

function newest(urls: readonly SitemapUrl[]): string | null {
  let max: string | null = null;
  // ISO 8601 in UTC with the same shape sorts as text.
  for (const { lastmod } of urls) if (lastmod && (!max || lastmod > max)) max = lastmod;
  return max;
}

/** One <urlset> file of `urls` (at most URLS_PER_FILE). */
export function sitemapFile(urls: readonly SitemapUrl[]): SitemapFile {
  return {
    xml: `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${urls.map((url) => entry('url', url)).join('\n')}\n</urlset>\n`,
    lastmod: newest(urls),
  };
}

/** The addresses in runs of `perFile`: one empty run when there are none, so the index is never empty. */
export function fileSlices<T>(urls: readonly T[], perFile = URLS_PER_FILE): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < urls.length || slices.length === 0; start += perFile)
    slices.push(urls.slice(start, start + perFile));
  return slices;
}

/** The index naming the files at `origin` in order, each with its newest change (`lastmods`, one a file). */
export function sitemapIndex(origin: string, lastmods: readonly (string | null)[]): string {
  const entries = lastmods.map((lastmod, i) => entry('sitemap', { loc: origin + sitemapFilePath(i + 1), lastmod }));
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
