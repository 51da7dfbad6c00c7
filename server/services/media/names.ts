/** File extensions of stored images, by sniffed type (names end with them). */
import type { ImageType } from './image-type.ts';

export const imageExtensions: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
