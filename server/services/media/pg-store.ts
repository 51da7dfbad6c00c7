/**
 * Images in the database (table media_objects, migration 010): the default
 * media store with DATABASE_URL, so every instance serves every upload and a
 * pg_dump backs up images with the rows that point at them.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import {
  deleteMediaObject,
  insertMediaObject,
  mediaObjectExists,
  readMediaObjectBytes,
  readMediaObjectHead,
  readMediaObjectSlice,
} from '../../db/queries/media-objects.ts';
import { imageNamePattern, type ImageStore } from '../image-store.ts';
import { sniffImageType } from './image-type.ts';
import { chunkedStream, HEAD_BYTES } from './image-stream.ts';
import { imageExtensions } from './names.ts';

export function postgresImageStore(db: Queryable): ImageStore {
  return {
    async put(bytes, type) {
      const name = `${randomBytes(16).toString('base64url')}.${imageExtensions[type]}`;
      await insertMediaObject(db, name, type, bytes);
      return name;
    },
    async get(name) {
      if (!imageNamePattern.test(name)) return null;
      const stored = await readMediaObjectBytes(db, name);
      if (!stored) return null;
      const bytes = new Uint8Array(stored);
      const type = sniffImageType(bytes);
      return type ? { bytes, type } : null;
    },
    async open(name) {
      if (!imageNamePattern.test(name)) return null;
      const found = await readMediaObjectHead(db, name, HEAD_BYTES);
      const type = found && sniffImageType(found.head);
      if (!found || !type) return null;
      // One short query per chunk: a slow reader holds no pool connection between them.
      const read = (offset: number, length: number) => readMediaObjectSlice(db, name, offset, length);
      return { type, size: found.size, body: chunkedStream(found.size, read) };
    },
    async exists(name) {
      return imageNamePattern.test(name) && mediaObjectExists(db, name);
    },
    async delete(name) {
      if (imageNamePattern.test(name)) await deleteMediaObject(db, name);
    },
  };
}
