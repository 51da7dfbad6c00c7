/**
 * The sitemap is a sitemap index (`/sitemap.xml`) naming files of at most
 * 10,000 addresses (`/sitemap-{n}.xml`), all on PUBLIC_URL. It is built once
 * per five minutes however many read it: readers during a build share it, and
 * no query string or header asks for another. Each file carries an ETag (a 304
 * to If-None-Match or If-Modified-Since), goes out gzipped when the client
 * takes it, and a new listing changes the last file alone. robots.txt names
 * the index.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { SITEMAP_MAX_AGE_MS } from '../../server/routes/sitemap.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { locsOf, sitemapFilePaths } from './support/sitemap.ts';
import { freshDb, startTestApp, type TestApp } from './support/test-app.ts';

const PUBLIC_URL = 'https://listings.roamly.test';
/** More than one file's worth, with the one listing made through the API. */
const STORED_LISTINGS = 10_050;

let t: TestApp;
let drop: () => Promise<void>;
let promoter: Account;
/** How many times the sitemap's listings were read from the database. */
let builds = 0;

/** The test database, counting the sitemap's read of every listing. */
function counting(db: Db): Db {
  return {
    engine: db.engine,
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
    query: (sql, params) => {
      if (/FROM \(SELECT id, title, updated_at FROM events/.test(sql)) builds += 1;
      return db.query(sql, params);
    },
  };
}

async function createListing(title: string): Promise<number> {
  const res = await call(t.app, 'POST', '/api/events/create/', {
    token: promoter.access,
    form: form({ title, location_name: 'Peckham, London', start_date: '2026-03-06', start_time: '20:00' }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  const fresh = await freshDb();
  drop = fresh.drop;
  t = await startTestApp({ config: { publicUrl: PUBLIC_URL }, db: counting(fresh.db) });
  promoter = await signUp(t.app, 'subpromoter', { display_name: 'crawl.me' });
  await createListing('Rooftop Jazz');
  // Past what one account may hold through the API: an older account of the venue's, written directly.
  await t.db.query(
    `WITH venue AS (INSERT INTO users (email, password_hash) VALUES ('bulk@example.org', 'x') RETURNING id)
     INSERT INTO events (user_id, title, location_name, start_date, start_time)
     SELECT venue.id, 'Night ' || n, 'Leeds', date '2026-04-01', time '21:00'
       FROM venue, generate_series(1, $1::int) n`,
    [STORED_LISTINGS - 1],
  );
});
afterAll(async () => {
  await t.close();
  await drop();
});

describe('the sitemap', () => {
  it('is built once for any number of concurrent readers, whatever query string they send', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        t.app.request(i % 2 ? `/sitemap.xml?fresh=${i}` : `/sitemap-1.xml?v=${i}&nocache=1`, {
          headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
        }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(16).fill(200));
    expect(builds).toBe(1);
  });

  it('is an index of files of at most 10,000 addresses, holding every listing once, on PUBLIC_URL', async () => {
    const index = await t.app.request('/sitemap.xml', { headers: { Host: 'evil.example' } });
    expect(index.headers.get('content-type')).toContain('xml');
    const xml = await index.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).not.toContain('<urlset');
    expect(locsOf(xml)).toEqual([`${PUBLIC_URL}/sitemap-1.xml`, `${PUBLIC_URL}/sitemap-2.xml`]);
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/lastmod>/g)).toHaveLength(2);

    const locs: string[] = [];
    for (const path of await sitemapFilePaths(t.app)) {
      const file = await (await t.app.request(path)).text();
      expect(file).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(file.match(/<url>/g)!.length).toBeLessThanOrEqual(10_000);
      expect(Buffer.byteLength(file)).toBeLessThan(50 * 1024 * 1024);
      locs.push(...locsOf(file));
    }
    const listings = locs.filter((loc) => loc.startsWith(`${PUBLIC_URL}/e/`));
    expect(listings).toHaveLength(STORED_LISTINGS);
    expect(new Set(listings).size).toBe(STORED_LISTINGS);
    expect(locs).toContain(`${PUBLIC_URL}/child-safety`);
    expect(locs).toContain(`${PUBLIC_URL}/p/crawl.me`);
    expect(locs.every((loc) => loc.startsWith(PUBLIC_URL))).toBe(true);
    expect((await t.app.request('/sitemap-3.xml')).status).toBe(404);
    expect((await t.app.request('/sitemap-0.xml')).status).toBe(404);
    expect(builds).toBe(1);
  });

  it('shows a new listing only after five minutes, in the last file alone', async () => {
    const before = await Promise.all(['/sitemap-1.xml', '/sitemap-2.xml'].map((path) => t.app.request(path)));
    const [firstTag, lastTag] = before.map((res) => res.headers.get('etag'));
    const id = await createListing('Brand New Night');
    const listed = async () => (await (await t.app.request(`/sitemap-2.xml?after=${id}`)).text()).includes(`/e/${id}/`);

    t.clock.advance(SITEMAP_MAX_AGE_MS - 1000);
    expect(await listed()).toBe(false);
    expect(builds).toBe(1);

    t.clock.advance(1000);
    expect(await listed()).toBe(true);
    expect(builds).toBe(2);
    expect((await t.app.request('/sitemap-1.xml')).headers.get('etag')).toBe(firstTag);
    expect((await t.app.request('/sitemap-2.xml')).headers.get('etag')).not.toBe(lastTag);
  });

  it('answers 304 to If-None-Match and If-Modified-Since, whatever the query string', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-1.xml']) {
      const first = await t.app.request(path);
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toContain('public');

      const byTag = await t.app.request(`${path}?x=1`, { headers: { 'If-None-Match': etag } });
      expect(byTag.status).toBe(304);
      expect(await byTag.text()).toBe('');
      const byDate = await t.app.request(`${path}?y=2`, { headers: { 'If-Modified-Since': lastModified } });
      expect(byDate.status).toBe(304);
      const other = await t.app.request(path, { headers: { 'If-None-Match': '"not-this-one"' } });
      expect(other.status).toBe(200);
      const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await t.app.request(path, { headers: { 'If-Modified-Since': older } })).status).toBe(200);
    }
  });

  it('goes out gzipped to a client that takes it, as a representation with its own ETag', async () => {
    const plain = await t.app.request('/sitemap-1.xml');
    const plainText = await plain.text();
    const zipped = await t.app.request('/sitemap-1.xml', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(plainText);
    expect(bytes.length).toBeLessThan(Buffer.byteLength(plainText) / 4);
    const etag = zipped.headers.get('etag')!;
    expect(etag).not.toBe(plain.headers.get('etag'));
    const again = await t.app.request('/sitemap-1.xml', {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('is named by robots.txt', async () => {
    expect(await (await t.app.request('/robots.txt')).text()).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
