/**
 * A built dist/ served exactly as production serves it (server/http/static-site.ts
 * behind the production security headers: compression, caching, CSP) on a free
 * local port, without the API. Used by the size, Lighthouse and manifest
 * screenshot scripts.
 */
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { securityHeaders } from '../server/http/security-headers.ts';
import { staticSite } from '../server/http/static-site.ts';

export interface StaticSite {
  origin: string;
  close(): Promise<void>;
}

export function distDir(): string {
  return resolve(process.env.ROAMLY_DIST ?? 'dist');
}

export async function serveDist(dist: string): Promise<StaticSite> {
  const app = new Hono();
  app.use('*', securityHeaders({ trustProxy: false }));
  app.get('*', staticSite(dist));
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((done) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      done({ server, port: info.port }),
    );
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
