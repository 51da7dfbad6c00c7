/**
 * Serves the built PWA from dist/: hashed assets are immutable for a year;
 * HTML, the service worker and the manifest are revalidated on every load so
 * an update is seen at once. Prerendered routes get their own HTML; the app's
 * other addresses get the app shell and the client router decides; any other
 * address gets the shell too, with status 404 (no soft 404s for crawlers).
 * Text files go out brotli- or gzip-encoded from the siblings the build wrote
 * (scripts/precompress-plugin.ts), when the browser accepts them.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { acceptsEncoding } from './accept-encoding.ts';
import { isClientRoute } from './client-routes.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
};

interface FileInfo {
  path: string;
  size: number;
  mtime: Date;
}

async function fileAt(path: string): Promise<FileInfo | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size, mtime: info.mtime } : null;
  } catch {
    return null;
  }
}

function cacheControl(urlPath: string, ext: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (ext === '.html' || urlPath === '/sw.js' || ext === '.webmanifest') return 'no-cache';
  return 'public, max-age=86400';
}

const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The precompressed sibling to send, if the browser takes it — and only when
 * it is at least as new as the original, so a hand-edited file never goes
 * out as its stale compressed copy.
 */
async function encodedVariant(file: FileInfo, acceptEncoding: string) {
  for (const encoding of encodings) {
    if (!acceptsEncoding(acceptEncoding, encoding.name)) continue;
    const variant = await fileAt(file.path + encoding.suffix);
    if (variant && variant.mtime >= file.mtime) return { encoding: encoding.name, file: variant };
  }
  return null;
}

export function staticSite(distDir: string) {
  const root = normalize(distDir + sep);
  return async (c: Context) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method not allowed', 405);
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad request', 400);
    }
    const candidate = normalize(join(root, urlPath));
    if (!candidate.startsWith(root) && candidate + sep !== root) return c.text('Not found', 404);

    const ext = extname(urlPath);
    let file = await fileAt(candidate);
    if (!file && !ext) file = await fileAt(join(candidate, 'index.html'));
    if (!file && ext) return c.text('Not found', 404);
    let status: 200 | 404 = 200;
    if (!file) {
      file = await fileAt(join(root, 'shell.html'));
      if (!isClientRoute(urlPath)) status = 404;
    }
    if (!file) return c.text('The app has not been built. Run npm run build.', 503);

    const fileExt = extname(file.path);
    const encoded = await encodedVariant(file, c.req.header('accept-encoding') ?? '');
    const sent = encoded?.file ?? file;
    const etag = `W/"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}${encoded ? `-${encoded.encoding}` : ''}"`;
    const headers: Record<string, string> = {
      'Content-Type': types[fileExt] ?? 'application/octet-stream',
      'Cache-Control': cacheControl(urlPath, fileExt),
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    if (encoded) headers['Content-Encoding'] = encoded.encoding;
    if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    headers['Content-Length'] = String(sent.size);
    if (c.req.method === 'HEAD') return c.body(null, status, headers);
    const stream = Readable.toWeb(createReadStream(sent.path)) as ReadableStream<Uint8Array>;
    return c.body(stream, status, headers);
  };
}
