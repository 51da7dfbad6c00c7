/** Reading the sitemap the way a crawler does, for API tests: the index, then each file it names. */
import type { TestApp } from './test-app.ts';

/** The `<loc>`s of an XML sitemap or sitemap index. */
export function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
}

/** The paths of the files `/sitemap.xml` names (its `<loc>`s are absolute, on PUBLIC_URL). */
export async function sitemapFilePaths(app: TestApp['app']): Promise<string[]> {
  const index = await app.request('/sitemap.xml');
  if (index.status !== 200) throw new Error(`/sitemap.xml answered ${index.status}`);
  return locsOf(await index.text()).map((loc) => new URL(loc).pathname);
}

/** Every file of the sitemap, one after the other (what tests search for listed pages). */
export async function sitemapText(app: TestApp['app']): Promise<string> {
  const files = await Promise.all((await sitemapFilePaths(app)).map(async (path) => (await app.request(path)).text()));
  return files.join('\n');
}
