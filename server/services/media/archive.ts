/**
 * Media stores seen whole, by name: what backups, restores and the move from
 * one store to another (DATA_DIR uploads → PostgreSQL or S3) need, and what
 * ImageStore (one image at a time, names chosen by the store) deliberately
 * does not offer. Names are kept, so every URL already handed out still works.
 *
 * A location is `current` (the store this configuration uses), `postgres`
 * (DATABASE_URL), an `s3://…` URL (as MEDIA_S3_URL) or a directory path.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { openDb, type Db } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { insertMediaObjectIfMissing, mediaObjectNamesAfter } from '../../db/queries/media-objects.ts';
import { imageNamePattern, localImageStore, type StoredImage } from '../image-store.ts';
import { postgresImageStore } from './pg-store.ts';
import { s3Bucket, s3ImageStore } from './s3-store.ts';

export interface MediaArchive {
  readonly label: string;
  names(): AsyncIterable<string>;
  read(name: string): Promise<StoredImage | null>;
  /** Stores the image under exactly this name (rewriting the same name is harmless). */
  write(name: string, image: StoredImage): Promise<void>;
  close(): Promise<void>;
}

export function directoryArchive(dir: string): MediaArchive {
  const store = localImageStore(dir);
  return {
    label: `directory ${dir}`,
    async *names() {
      const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      yield* entries.filter((name) => imageNamePattern.test(name)).sort();
    },
    read: (name) => store.get(name),
    async write(name, image) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), image.bytes);
    },
    close: async () => undefined,
  };
}

export function postgresArchive(db: Db): MediaArchive {
  const store = postgresImageStore(db);
  return {
    label: 'PostgreSQL (media_objects)',
    async *names() {
      let after = '';
      for (;;) {
        const names = await mediaObjectNamesAfter(db, after);
        if (!names.length) return;
        yield* names;
        after = names[names.length - 1]!;
      }
    },
    read: (name) => store.get(name),
    write: (name, image) => insertMediaObjectIfMissing(db, name, image.type, image.bytes),
    close: () => db.close(),
  };
}

export function s3Archive(url: string): MediaArchive {
  const bucket = s3Bucket(url);
  const store = s3ImageStore(url);
  return {
    label: `bucket ${new URL(url).host}${new URL(url).pathname}`,
    async *names() {
      for await (const key of bucket.listKeys()) if (imageNamePattern.test(key)) yield key;
    },
    read: (name) => store.get(name),
    write: (name, image) => bucket.putObject(name, image.bytes, image.type),
    close: async () => undefined,
  };
}

export async function openMediaArchive(
  location: string,
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'mediaS3Url'>,
): Promise<MediaArchive> {
  if (location === 'current') {
    if (config.mediaS3Url) return s3Archive(config.mediaS3Url);
    if (config.databaseUrl) return openMediaArchive('postgres', config);
    return directoryArchive(join(config.dataDir, 'uploads'));
  }
  if (location.startsWith('s3://')) return s3Archive(location);
  if (location === 'postgres' || /^postgres(ql)?:\/\//.test(location)) {
    const url = location === 'postgres' ? config.databaseUrl : location;
    if (!url) throw new Error('"postgres" needs DATABASE_URL.');
    const db = await openDb({ databaseUrl: url, dataDir: null, max: 2 });
    await migrate(db);
    return postgresArchive(db);
  }
  return directoryArchive(resolve(location));
}

export interface CopyReport {
  copied: number;
  /** Files in the source that are not images this server made (skipped). */
  unreadable: string[];
}

/** Copies every image from `from` to `to`, keeping names. */
export async function copyMedia(from: MediaArchive, to: MediaArchive): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, unreadable: [] };
  for await (const name of from.names()) {
    const image = await from.read(name);
    if (!image) {
      report.unreadable.push(name);
      continue;
    }
    await to.write(name, image);
    report.copied += 1;
  }
  return report;
}
