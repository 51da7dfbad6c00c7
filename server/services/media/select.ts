/**
 * Which media store this server uses (contract §2): MEDIA_S3_URL when set,
 * else PostgreSQL when the database is a PostgreSQL server, else files in
 * DATA_DIR/uploads (one machine, embedded database).
 */
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { localImageStore, type ImageStore } from '../image-store.ts';
import { postgresImageStore } from './pg-store.ts';
import { s3ImageStore } from './s3-store.ts';

export type MediaStoreKind = 's3' | 'postgres' | 'disk';

export function mediaStoreKind(config: Pick<Config, 'mediaS3Url'>, db: Pick<Db, 'engine'>): MediaStoreKind {
  if (config.mediaS3Url) return 's3';
  return db.engine === 'postgres' ? 'postgres' : 'disk';
}

export function imageStoreFor(config: Pick<Config, 'mediaS3Url' | 'dataDir'>, db: Db): ImageStore {
  switch (mediaStoreKind(config, db)) {
    case 's3':
      return s3ImageStore(config.mediaS3Url!);
    case 'postgres':
      return postgresImageStore(db);
    case 'disk':
      return localImageStore(join(config.dataDir, 'uploads'));
  }
}
