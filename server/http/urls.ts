/**
 * Absolute URLs for uploaded images. Image fields come back as URLs that
 * serve the image (contract §8), built from PUBLIC_URL (contract §2) and
 * never from the request's Host or X-Forwarded-Host: a forged header must not
 * change a URL, and nothing cached may depend on a header an attacker chooses.
 */
import type { Config } from '../config.ts';

export const MEDIA_PATH = '/api/media/';

export function mediaBase(config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl + MEDIA_PATH;
}
