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

/** The object's size and first `headBytes` bytes (its type is sniffed from them), without reading the rest. */
export async function readMediaObjectHead(
  db: Queryable,
  name: string,
  headBytes: number,
): Promise<{ size: number; head: Uint8Array } | null> {
  const { rows } = await db.query<{ size: number; head: Uint8Array }>(
    'SELECT octet_length(bytes) AS size, substring(bytes FROM 1 FOR $2) AS head FROM media_objects WHERE name = $1',
    [name, headBytes],
  );
  const row = rows[0];
  return row ? { size: Number(row.size), head: row.head } : null;
}

/**
 * `length` bytes from `offset` (0-based). The column is stored uncompressed
 * out of line (migration 014), so PostgreSQL reads only the TOAST chunks this
 * slice covers, not the whole value.
 */
export async function readMediaObjectSlice(
  db: Queryable,
  name: string,
  offset: number,
  length: number,
): Promise<Uint8Array | null> {
  const { rows } = await db.query<{ chunk: Uint8Array }>(
    'SELECT substring(bytes FROM $2 FOR $3) AS chunk FROM media_objects WHERE name = $1',
    [name, offset + 1, length],
  );
  return rows[0]?.chunk ?? null;
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
