/**
 * Serves uploaded images by their random name, with the type sniffed from the
 * bytes and `nosniff`, cached for a year (a name never gets new content).
 * `?w=480`, `960` or `1280` asks for a smaller WebP copy (services/media/renditions.ts).
 */
import { Hono } from 'hono';
import { isRenditionWidth, RENDITION_WIDTHS } from '../../src/shared/contract/media-url.ts';
import type { ApiEnv, Services } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import type { StoredImage } from '../services/image-store.ts';
import { renditions } from '../services/media/renditions.ts';

const FOREVER = 'public, max-age=31536000, immutable';
/** An original standing in for a rendition that could not be made just now: ask again later. */
const FOR_NOW = 'public, max-age=300';

function imageResponse(image: StoredImage, cacheControl: string): Response {
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'Content-Type': image.type,
      'Content-Length': String(image.bytes.length),
      'Cache-Control': cacheControl,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}

export function mediaRoutes(services: Services): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  const smaller = renditions(services.images);
  router.get('/:name', async (c) => {
    const name = c.req.param('name');
    const w = c.req.query('w');
    if (w === undefined) {
      const image = await services.images.get(name);
      if (!image) throw new ApiError(404, 'No such image.');
      return imageResponse(image, FOREVER);
    }
    const width = Number(w);
    if (!/^\d+$/.test(w) || !isRenditionWidth(width)) {
      throw new ApiError(400, `Image width w must be one of ${RENDITION_WIDTHS.join(', ')}.`);
    }
    const rendition = await smaller.get(name, width);
    if (!rendition) throw new ApiError(404, 'No such image.');
    const lasting = rendition.kind === 'rendition' || rendition.lasting;
    return imageResponse(rendition.image, lasting ? FOREVER : FOR_NOW);
  });
  return router;
}
