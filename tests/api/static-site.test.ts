import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSite } from '../../server/http/static-site.ts';
import { precompressDir } from '../../scripts/precompress-plugin.ts';

let dist = '';
let app: Hono;
const script = `export const pages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `page ${i}`))};\n`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'roamly-static-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, 'faq'));
  await writeFile(join(dist, 'assets', 'app-abc123.js'), script);
  await writeFile(join(dist, 'assets', 'tiny-abc123.js'), 'export {};\n');
  await writeFile(join(dist, 'faq', 'index.html'), `<!doctype html><title>FAQ</title>${'<p>Question</p>'.repeat(100)}`);
  await writeFile(join(dist, 'shell.html'), '<!doctype html><title>Roamly</title><div id="root"></div>');
  await precompressDir(dist);
  app = new Hono().get('*', staticSite(dist));
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('static site: precompressed text files', () => {
  it('sends brotli when the browser accepts it, and the body decodes to the original file', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('falls back to gzip, and to the plain file when no coding is accepted', async () => {
    const gzipped = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('honours q=0 as a refusal', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('compresses prerendered pages too, with an ETag per encoding that revalidates to 304', async () => {
    const br = await get('/faq', { 'accept-encoding': 'br' });
    const plain = await get('/faq');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const again = await get('/faq', { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('leaves files too small to gain uncompressed', async () => {
    const response = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('export {};\n');
  });

  it('never sends a compressed copy older than its original', async () => {
    const page = join(dist, 'shell.html');
    await writeFile(page, `<!doctype html><title>Edited</title>${'<p>x</p>'.repeat(300)}`);
    await precompressDir(dist);
    const edited = `<!doctype html><title>Edited again</title>${'<p>y</p>'.repeat(300)}`;
    await writeFile(page, edited);
    const later = new Date(Date.now() + 5_000);
    await utimes(page, later, later);
    const response = await get('/dashboard', { 'accept-encoding': 'br, gzip' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(edited);
  });
});

describe('static site: paths', () => {
  it('serves hashed assets as immutable and pages as revalidated', async () => {
    expect((await get('/assets/app-abc123.js')).headers.get('cache-control')).toContain('immutable');
    expect((await get('/faq')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing asset and for a path outside the build', async () => {
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/..%2f..%2fetc%2fpasswd.txt')).status).toBe(404);
  });

  it('sends the app shell for client-rendered routes', async () => {
    const response = await get('/dashboard/events');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('answers an address the app does not have with 404 and the app shell (no soft 404)', async () => {
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toMatch(/^<!doctype html>/);
    expect((await get('/reset-password')).status).toBe(200);
  });
});
