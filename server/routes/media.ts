/**
 * Serves uploaded images by their random name, with the type sniffed from the
 * bytes and `nosniff`, cached for a year (a name never gets new content).
 */
import { Hono } from 'hono';
import type { ApiEnv, Services } from '../context.ts';
import { ApiError } from '../http/problem.ts';

export function mediaRoutes(services: Services): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  router.get('/:name', async (c) => {
    const image = await services.images.get(c.req.param('name'));
    if (!image) throw new ApiError(404, 'No such image.');
    return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': image.type,
      'Content-Length': String(image.bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });
  return router;
}
