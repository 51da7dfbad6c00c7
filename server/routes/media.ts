/**
 * Serves uploaded images by their random name, with the type sniffed from the
 * bytes and `nosniff`, cached for a year (a name never gets new content).
 * `?w=480`, `960` or `1280` asks for a smaller WebP copy (services/media/renditions.ts).
 *
 * Originals are streamed from the store a chunk at a time, never read whole
 * (services/media/image-stream.ts); how many are sent at once, overall and
 * per client address, is bounded (services/media/serving-limits.ts), and a
 * reader that stalls or reads too slowly is cut (services/media/reader-pace.ts).
 * Renditions are sent from memory and take no slot.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import { RENDITION_WIDTHS, type RenditionWidth } from '../../src/shared/contract/media-url.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import type { ImageType } from '../services/image-store.ts';
import { renditions } from '../services/media/renditions.ts';
import { gaugeSource } from '../services/metrics.ts';
import { watchedStream } from '../services/media/reader-pace.ts';
import {
  BUSY_RETRY_SECONDS,
  defaultMediaServing,
  ClientSlots,
  type MediaServing,
} from '../services/media/serving-limits.ts';

const FOREVER = 'public, max-age=31536000, immutable';
/** An original standing in for a rendition that could not be made just now: ask again later. */
const FOR_NOW = 'public, max-age=300';

function imageResponse(
  body: Uint8Array | ReadableStream<Uint8Array>,
  type: ImageType,
  size: number,
  cacheControl: string,
) {
  return new Response(body as Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>, {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Length': String(size),
      'Cache-Control': cacheControl,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}

export function mediaRoutes(services: Services, serving: MediaServing = defaultMediaServing): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  const smaller = renditions(services.images);
  const originals = new ClientSlots(serving.maxOpenOriginals, serving.maxOpenOriginalsPerClient);
  gaugeSource(
    'roamly_open_originals',
    'Originals being sent now, each holding one of the slots.',
    () => originals.inUse,
  );

  async function sendOriginal(c: ApiContext, name: string, cacheControl: string): Promise<Response> {
    // A stalled or slow reader is cut at the socket: a response blocked on it cannot notice by itself.
    const socket = c.env?.incoming?.socket;
    const cut = () => {
      socket?.destroy();
      return Boolean(socket);
    };
    // Only connections count: a request made in-process (tests) is no slow reader, and a body
    // such a caller never reads would hold its slot for good.
    const release = socket ? originals.take(c.get('ip'), cut) : () => undefined;
    if (!release) {
      throw new ApiError(
        503,
        'Too many images are being sent right now. Please try again in a few seconds.',
        undefined,
        {
          'Retry-After': String(BUSY_RETRY_SECONDS),
        },
      );
    }
    let image;
    try {
      image = await services.images.open(name);
    } catch (error) {
      release();
      throw error;
    }
    if (!image) {
      release();
      throw new ApiError(404, 'No such image.');
    }
    if (c.req.method === 'HEAD') {
      // Hono answers HEAD with the GET route's headers and drops the body unread.
      await image.body.cancel();
      release();
      return imageResponse(new Uint8Array(0), image.type, image.size, cacheControl);
    }
    // The response's body is always read or cancelled by the server (a closed connection
    // cancels it), and the watched stream gives the slot back when it ends, however it ends.
    const body = watchedStream(image.body, serving, cut, release);
    return imageResponse(body, image.type, image.size, cacheControl);
  }

  router.get(
    apiRoutes.media,
    route({
      tag: 'media',
      summary:
        'An uploaded image by its random name; immutable. `?w=480`, `960` or `1280`: a smaller WebP copy (srcset).',
      auth: 'none',
      query: v.object({
        w: v.optional(
          v.pipe(
            v.picklist(RENDITION_WIDTHS.map(String), `Image width w must be one of ${RENDITION_WIDTHS.join(', ')}.`),
            v.transform((w) => Number(w) as RenditionWidth),
          ),
        ),
      }),
      responses: { 200: { description: 'The image.', contentType: 'image/*' } },
      errors: [404],
    }),
    async (c) => {
      const name = c.req.param('name');
      const width = c.req.valid('query').w;
      if (width === undefined) return sendOriginal(c, name, FOREVER);
      const rendition = await smaller.get(name, width);
      if (!rendition) throw new ApiError(404, 'No such image.');
      if (rendition.kind === 'rendition') {
        const { bytes, type } = rendition.image;
        return imageResponse(bytes, type, bytes.length, FOREVER);
      }
      return sendOriginal(c, name, rendition.lasting ? FOREVER : FOR_NOW);
    },
  );
  return router;
}
