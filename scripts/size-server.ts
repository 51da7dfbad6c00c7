/**
 * A tiny static server for a built dist/, shaped like the real one for pages:
 * `/route` → `route/index.html`, unknown paths → `shell.html`, assets as files.
 * Used by the size and page-speed measurements, which need no API. With
 * `stripScripts`, every <script> and modulepreload link is removed from HTML:
 * the no-JavaScript copy of a page, the physical limit for its paint times.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.xml': 'application/xml',
};

export interface StaticSite {
  origin: string;
  close(): Promise<void>;
}

export function distDir(): string {
  return resolve(process.env.ROAMLY_DIST ?? 'dist');
}

export async function serveDist(dist: string, options: { stripScripts?: boolean } = {}): Promise<StaticSite> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = fileFor(dist, decodeURIComponent(url.pathname));
    let body: Buffer | string = readFileSync(file);
    const type = types[extname(file)] ?? 'application/octet-stream';
    if (type.startsWith('text/html') && options.stripScripts) {
      body = body
        .toString('utf8')
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
        .replace(/<link rel="modulepreload"[^>]*>/g, '');
    }
    response.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    response.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

function fileFor(dist: string, pathname: string): string {
  const safe = normalize(pathname).replace(/^(\.\.[/\\])+/, '');
  const direct = join(dist, safe);
  if (existsSync(direct) && statSync(direct).isFile()) return direct;
  const page = join(dist, safe, 'index.html');
  if (existsSync(page)) return page;
  return join(dist, 'shell.html');
}
