/**
 * Uploaded images (contract §3, architecture §7). The type is decided by the
 * bytes, never by the file name or the client's Content-Type: JPEG, PNG, WebP
 * or GIF only, at most 10 MB. Files get random names, so URLs are unguessable
 * and never change (served as immutable). Storage sits behind ImageStore so an
 * object store can replace the local disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '../../src/shared/contract/event.ts';
import { TooLarge, UnsupportedType } from './domain-errors.ts';
import { stripImageMetadata } from './image-metadata.ts';
import { chunkedStream, HEAD_BYTES, type ImageStream } from './media/image-stream.ts';
import { sniffImageType, type ImageType } from './media/image-type.ts';
import { imageExtensions } from './media/names.ts';

export type { ImageType } from './media/image-type.ts';

export interface StoredImage {
  bytes: Uint8Array;
  type: ImageType;
}

export interface ImageStore {
  /** Saves the bytes under a new random name and returns the name. */
  put(bytes: Uint8Array, type: ImageType): Promise<string>;
  /** The whole image in memory: for resizing and copying, never for serving. */
  get(name: string): Promise<StoredImage | null>;
  /** The image as a stream read a chunk at a time (./media/image-stream.ts): for serving. */
  open(name: string): Promise<ImageStream | null>;
  /** Whether the image is still there, without reading it. */
  exists(name: string): Promise<boolean>;
  delete(name: string): Promise<void>;
}

/** Image names this server hands out: random base64url plus the sniffed extension. */
export const imageNamePattern = /^[A-Za-z0-9_-]{22}\.(jpg|png|webp|gif)$/;

/**
 * Checks an uploaded file and returns its sniffed type and its bytes with the
 * metadata removed (EXIF/GPS, XMP, text chunks: ./image-metadata.ts); TooLarge
 * (413) or UnsupportedType (415) otherwise.
 */
export async function acceptImage(file: File): Promise<StoredImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new TooLarge('Images can be at most 10 MB.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > MAX_IMAGE_BYTES) throw new TooLarge('Images can be at most 10 MB.');
  const type = sniffImageType(bytes);
  if (!type) throw new UnsupportedType('Upload a JPEG, PNG, WebP or GIF image.');
  return { bytes: stripImageMetadata(bytes, type), type };
}

export function localImageStore(dir: string): ImageStore {
  let ready: Promise<unknown> | null = null;
  return {
    async put(bytes, type) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const name = `${randomBytes(16).toString('base64url')}.${imageExtensions[type]}`;
      await writeFile(join(dir, name), bytes, { flag: 'wx' });
      return name;
    },
    async get(name) {
      if (!imageNamePattern.test(name)) return null;
      try {
        const bytes = new Uint8Array(await readFile(join(dir, name)));
        const type = sniffImageType(bytes);
        return type ? { bytes, type } : null;
      } catch {
        return null;
      }
    },
    async open(name) {
      if (!imageNamePattern.test(name)) return null;
      const file = await open(join(dir, name), 'r').catch(() => null);
      if (!file) return null;
      try {
        const { size } = await file.stat();
        const head = new Uint8Array(HEAD_BYTES);
        await file.read(head, 0, HEAD_BYTES, 0);
        const type = sniffImageType(head);
        if (!type) throw new Error('not an image');
        // Reads by position: the file handle is the only state, closed when the stream ends.
        const read = async (offset: number, length: number) => {
          const chunk = new Uint8Array(length);
          const { bytesRead } = await file.read(chunk, 0, length, offset);
          return chunk.subarray(0, bytesRead);
        };
        return { type, size, body: chunkedStream(size, read, () => file.close()) };
      } catch {
        await file.close();
        return null;
      }
    },
    async exists(name) {
      if (!imageNamePattern.test(name)) return false;
      return stat(join(dir, name)).then(
        () => true,
        () => false,
      );
    },
    async delete(name) {
      if (imageNamePattern.test(name)) await rm(join(dir, name), { force: true });
    },
  };
}
