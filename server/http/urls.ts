/**
 * Absolute URLs for uploaded images. Image fields come back as URLs that
 * serve the image (contract §8), built from PUBLIC_URL (contract §2) and
 * never from the request's Host or X-Forwarded-Host: a forged header must not
 * change a URL, and nothing cached may depend on a header an attacker chooses.
 */
import { API_PREFIX, apiRoutes } from '../../src/shared/contract/api-routes.ts';
import type { Config } from '../config.ts';

/** `/api/media/`: where `:name` goes. */
export const MEDIA_PATH = API_PREFIX + apiRoutes.media.slice(0, -':name'.length);

export function mediaBase(config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl + MEDIA_PATH;
}
