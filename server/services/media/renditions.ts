/**
 * Smaller copies of uploaded images for `srcset`: a phone showing a
 * cover 360 px wide should not download the 1600 px original.
 *
 * Made on demand, not at upload: nothing new is stored, so there is nothing to
 * delete, count against a quota or share between instances, and images
 * uploaded before this existed get renditions too. The cost is bounded for a
 * caller who is not signed in:
 * - only the widths in RENDITION_WIDTHS, each kept in a per-process cache
 *   bounded by bytes, and served with immutable cache headers so browsers and
 *   CDNs ask once;
 * - one resize at a time per process (libvips on one thread, off the event
 *   loop), at most MAX_WAITING more waiting; past that — or where the encoder
 *   cannot load, or the bytes do not decode — the original is served, which is
 *   always correct, just larger;
 * - the original is read into memory only by the resize that is running, not
 *   by those waiting nor by callers turned away: a full queue answers without
 *   reading anything, and the route streams the original;
 * - decoding is capped (pixels, time), so a crafted file cannot hold a thread,
 *   and a file that failed is remembered, not retried on every request.
 * GIFs (possibly animated) are served as they are.
 */
import type Sharp from 'sharp';
import { byteBudgetCache } from '../byte-budget-cache.ts';
import { gaugeSource } from '../metrics.ts';
import type { ImageStore, StoredImage } from '../image-store.ts';
import type { RenditionWidth } from '../../../src/shared/contract/media-url.ts';

const MAX_WAITING = 8;
// A 24 MP phone photo fits; decoding one takes ~75 MB outside the JS heap, one at a time.
const MAX_INPUT_PIXELS = 25_000_000;
const RESIZE_TIMEOUT_SECONDS = 10;

export interface RenditionOptions {
  /** Bytes of renditions kept in memory (default 24 MB). */
  cacheBytes?: number;
  /** The encoder; default: sharp, loaded on first use. Tests pass a failing or slow one. */
  resize?: Resize;
}

/** Resizes to `width` (never enlarging) and encodes WebP; throws when the bytes do not decode. */
export type Resize = (bytes: Uint8Array, width: number) => Promise<Uint8Array>;

export type Rendition =
  | { kind: 'rendition'; image: StoredImage }
  /**
   * No smaller copy now (busy, GIF, undecodable): serve the original, streamed
   * by the caller (ImageStore.open); `lasting` says whether that will change.
   */
  | { kind: 'original'; lasting: boolean };

export interface Renditions {
  /** The image at `width`, or null when there is no such image. */
  get(name: string, width: RenditionWidth): Promise<Rendition | null>;
}

let loadedSharp: Promise<typeof Sharp> | null = null;

/** sharp, loaded (off start-up) and set up on first use. */
function loadSharp(): Promise<typeof Sharp> {
  loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    // libvips' own operation cache would hold decoded images beyond ours; one thread per resize.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loadedSharp;
}

const sharpResize: Resize = async (bytes, width) => {
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 74, effort: 3 })
    .timeout({ seconds: RESIZE_TIMEOUT_SECONDS })
    .toBuffer();
};

export function renditions(store: ImageStore, options: RenditionOptions = {}): Renditions {
  const resize = options.resize ?? sharpResize;
  // An empty entry remembers a file that did not resize, so it is not tried on every request.
  const cache = byteBudgetCache<string, Uint8Array>(options.cacheBytes ?? 24 * 1024 * 1024, (b) => b.length + 64);
  gaugeSource(
    'roamly_image_cache_bytes',
    'Bytes held by the in-process cache of resized images.',
    () => cache.calculatedSize,
  );
  const inFlight = new Map<string, Promise<Uint8Array | null | 'missing'>>();
  let running: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  /** Runs `job` after the ones before it: one resize at a time in this process. */
  function queued<T>(job: () => Promise<T>): Promise<T> {
    waiting += 1;
    const result = running.then(job).finally(() => {
      waiting -= 1;
    });
    running = result.catch(() => undefined);
    return result;
  }

  /** The resized bytes (throws when they do not resize), or `missing` when there is no such image. */
  async function make(name: string, width: number): Promise<Uint8Array | 'missing'> {
    const original = await store.get(name);
    if (!original) return 'missing';
    return resize(original.bytes, width);
  }

  return {
    async get(name, width) {
      const key = `${name}@${width}`;
      const cached = cache.get(key);
      if (cached?.length) {
        // A deleted or replaced picture must stop showing at once, on every instance: ask the store.
        if (!(await store.exists(name))) {
          cache.delete(key);
          return null;
        }
        return { kind: 'rendition', image: { bytes: cached, type: 'image/webp' } };
      }
      // GIFs (possibly animated) are served as they are; a name ends with its sniffed type.
      if (name.endsWith('.gif')) return { kind: 'original', lasting: true };
      // A file that did not resize (remembered): the original, briefly cached.
      if (cached) return { kind: 'original', lasting: false };

      // Someone is making this copy already: wait for it rather than read the original again.
      let job = inFlight.get(key);
      if (!job) {
        if (waiting >= MAX_WAITING) return { kind: 'original', lasting: false };
        job = queued(() => make(name, width)).then(
          (made) => {
            if (made !== 'missing') cache.set(key, made);
            return made;
          },
          () => {
            cache.set(key, new Uint8Array(0));
            return null;
          },
        );
        inFlight.set(key, job);
        void job.finally(() => inFlight.delete(key));
      }
      const made = await job;
      if (made === 'missing') return null;
      return made
        ? { kind: 'rendition', image: { bytes: made, type: 'image/webp' } }
        : { kind: 'original', lasting: false };
    },
  };
}
