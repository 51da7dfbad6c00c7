/**
 * Absolute URLs for uploaded images. Image fields come back as URLs that
 * serve the image (CONTRACTS §8); behind a trusted proxy the public origin is
 * taken from X-Forwarded-Proto / X-Forwarded-Host.
 */
import type { ApiContext } from '../context.ts';

export const MEDIA_PATH = '/api/media/';

export function mediaBase(c: ApiContext, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  let origin = url.origin;
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim() ?? c.req.header('host');
    if (proto && host) origin = `${proto}://${host}`;
  }
  return origin + MEDIA_PATH;
}
