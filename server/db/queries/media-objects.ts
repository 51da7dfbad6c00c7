/** SQL for media_objects: image bytes kept in PostgreSQL (services/media/pg-store.ts and archive.ts). */
import type { Queryable } from '../client.ts';

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export async function insertMediaObject(db: Queryable, name: string, contentType: string, bytes: Uint8Array) {
  await db.query('INSERT INTO media_objects (name, content_type, bytes) VALUES ($1, $2, $3)', [
    name,
    contentType,
    asBuffer(bytes),
  ]);
}

/** Stores the object unless one of that name exists (copies may run again). */
export async function insertMediaObjectIfMissing(db: Queryable, name: string, contentType: string, bytes: Uint8Array) {
  await db.query(
    'INSERT INTO media_objects (name, content_type, bytes) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
    [name, contentType, asBuffer(bytes)],
  );
}

export async function readMediaObjectBytes(db: Queryable, name: string): Promise<Uint8Array | null> {
  const { rows } = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM media_objects WHERE name = $1', [name]);
  return rows[0]?.bytes ?? null;
}

export async function mediaObjectExists(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM media_objects WHERE name = $1', [name]);
  return rows.length > 0;
}

export async function deleteMediaObject(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM media_objects WHERE name = $1', [name]);
}

/** The next 500 names after `after`, in order. */
export async function mediaObjectNamesAfter(db: Queryable, after: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM media_objects WHERE name > $1 ORDER BY name LIMIT 500',
    [after],
  );
  return rows.map((row) => row.name);
}
