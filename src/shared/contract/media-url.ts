/**
 * Addresses of uploaded images (contract §3 `GET /api/media/{name}`) and of
 * their smaller renditions, `?w=480`, `960` and `1280` (WebP, made by the server
 * on demand), for `srcset`. Covers are stored at most 1600 px wide (the
 * client downscales before upload), so the original is the 1600w candidate.
 */
import { API_PREFIX, apiRoutes } from './api-routes.ts';

export const RENDITION_WIDTHS = [480, 960, 1280] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];
export const ORIGINAL_IMAGE_WIDTH = 1600;

/** `/api/media/<22 random characters>.<type>`: an image this server stored. */
const mediaPath = new RegExp(
  `^${API_PREFIX}${apiRoutes.media.replace(':name', '')}[A-Za-z0-9_-]{22}\\.(jpg|png|webp)$`,
);

export function isRenditionWidth(value: number): value is RenditionWidth {
  return (RENDITION_WIDTHS as readonly number[]).includes(value);
}

/**
 * The `srcset` for an image URL this server hands out, or null for anything
 * else (a GIF, a local preview's blob: URL, an address elsewhere).
 */
export function imageSrcSet(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return null;
  }
  if (!mediaPath.test(parsed.pathname) || parsed.search || parsed.hash) return null;
  return [...RENDITION_WIDTHS.map((width) => `${url}?w=${width} ${width}w`), `${url} ${ORIGINAL_IMAGE_WIDTH}w`].join(
    ', ',
  );
}

/** `srcSet` and `sizes` props for an <img> of `url` drawn `sizes` wide; none for other addresses. */
export function imageSources(url: string, sizes: string): { srcSet?: string; sizes?: string } {
  const srcSet = imageSrcSet(url);
  return srcSet ? { srcSet, sizes } : {};
}

/**
 * Every address of the same picture (the original, then its renditions,
 * smallest last), given any one of them; [] for an address that is not an
 * uploaded image. Offline, whichever copy was kept can stand in for the others.
 */
export function sameImageUrls(url: URL): string[] {
  if (!mediaPath.test(url.pathname)) return [];
  const original = url.origin + url.pathname;
  return [original, ...[...RENDITION_WIDTHS].reverse().map((width) => `${original}?w=${width}`)];
}

/** The candidate of a `srcset` closest to `width` without going under it (else the widest). */
export function srcSetCandidate(srcSet: string, width: number): string | null {
  const candidates = srcSet
    .split(',')
    .map((part) => /^\s*(\S+)\s+(\d+)w\s*$/.exec(part))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ url: match[1]!, width: Number(match[2]) }))
    .sort((a, b) => a.width - b.width);
  return (candidates.find((candidate) => candidate.width >= width) ?? candidates.at(-1))?.url ?? null;
}
