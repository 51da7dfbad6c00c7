/**
 * Images in the database (table media_objects, migration 010): the default
 * media store with DATABASE_URL, so every instance serves every upload and a
 * pg_dump backs up images with the rows that point at them.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { imageNamePattern, sniffImageType, type ImageStore } from '../image-store.ts';
import { imageExtensions } from './names.ts';

export function postgresImageStore(db: Queryable): ImageStore {
  return {
    async put(bytes, type) {
      const name = `${randomBytes(16).toString('base64url')}.${imageExtensions[type]}`;
      await db.query('INSERT INTO media_objects (name, content_type, bytes) VALUES ($1, $2, $3)', [
        name,
        type,
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      ]);
      return name;
    },
    async get(name) {
      if (!imageNamePattern.test(name)) return null;
      const { rows } = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM media_objects WHERE name = $1', [name]);
      if (!rows[0]) return null;
      const bytes = new Uint8Array(rows[0].bytes);
      const type = sniffImageType(bytes);
      return type ? { bytes, type } : null;
    },
    async delete(name) {
      if (imageNamePattern.test(name)) await db.query('DELETE FROM media_objects WHERE name = $1', [name]);
    },
  };
}
