/** SQL for rate_limits: one fixed-window counter per bucket (services/rate-limit.ts). */
import type { Queryable } from '../client.ts';

export interface BucketWindow {
  hits: number;
  window_start: Date;
}

/**
 * Counts one hit, opening a new window when the current one started more than
 * `windowSeconds` before `now`; returns the count. One statement, so
 * concurrent hits cannot both slip under a limit.
 */
export async function countHit(
  db: Queryable,
  bucket: string,
  now: Date,
  windowSeconds: number,
): Promise<BucketWindow | null> {
  const result = await db.query<BucketWindow>(
    `INSERT INTO rate_limits AS r (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket) DO UPDATE SET
       hits = CASE WHEN r.window_start <= $2 - make_interval(secs => $3) THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= $2 - make_interval(secs => $3) THEN $2 ELSE r.window_start END
     RETURNING hits, window_start`,
    [bucket, now, windowSeconds],
  );
  return result.rows[0] ?? null;
}

export async function takeBackHit(db: Queryable, bucket: string): Promise<void> {
  await db.query('UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE bucket = $1', [bucket]);
}

export async function readBucket(db: Queryable, bucket: string): Promise<BucketWindow | null> {
  const result = await db.query<BucketWindow>('SELECT hits, window_start FROM rate_limits WHERE bucket = $1', [bucket]);
  return result.rows[0] ?? null;
}

export async function deleteBucket(db: Queryable, bucket: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE bucket = $1', [bucket]);
}

export async function deleteWindowsStartedBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE window_start < $1', [before]);
}
