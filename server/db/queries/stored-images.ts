/** SQL for stored_images: which account stored which image, and its size (services/image-ledger.ts). */
import type { Queryable } from '../client.ts';

/** Bytes of the images recorded for the account. */
export async function sumImageBytes(db: Queryable, userId: number): Promise<number> {
  const result = await db.query<{ used: string }>(
    'SELECT coalesce(sum(bytes), 0)::text AS used FROM stored_images WHERE user_id = $1',
    [userId],
  );
  return Number(result.rows[0]?.used ?? 0);
}

/** Namespace of the per-account image locks (pg_advisory_xact_lock's first key). */
const ACCOUNT_IMAGES_LOCK = 724_312;

/** Holds the account's image lock until the transaction ends: quota checks of one account run one at a time. */
export async function lockAccountImages(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [ACCOUNT_IMAGES_LOCK, userId]);
}

export async function recordStoredImage(
  db: Queryable,
  image: { name: string; userId: number; bytes: number; createdAt: Date },
): Promise<void> {
  await db.query('INSERT INTO stored_images (name, user_id, bytes, created_at) VALUES ($1, $2, $3, $4)', [
    image.name,
    image.userId,
    image.bytes,
    image.createdAt,
  ]);
}

export async function forgetStoredImage(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM stored_images WHERE name = $1', [name]);
}

/** Up to 1,000 images recorded before `createdBefore` that no event cover or profile photo names. */
export async function findUnreferencedImages(db: Queryable, createdBefore: Date): Promise<string[]> {
  const orphans = await db.query<{ name: string }>(
    `SELECT s.name FROM stored_images s
      WHERE s.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM events e WHERE e.cover_image = s.name)
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.profile_image = s.name)
      LIMIT 1000`,
    [createdBefore],
  );
  return orphans.rows.map((row) => row.name);
}
