/** SQL for rate_limits: one fixed-window counter per bucket (services/rate-limit.ts). */
import type { Queryable } from '../client.ts';

export interface BucketWindow {
  hits: number;
  window_start: Date;
}

export interface CountedBucket extends BucketWindow {
  bucket: string;
}

/**
 * Counts one hit in each bucket, opening a new window in a bucket whose
 * current one started more than its `windowSeconds` before `now`; returns the
 * counts. One statement for all of them (a write counts in a per-minute and a
 * per-day bucket: one round trip, not two), so concurrent hits cannot slip
 * under a limit. Buckets must be distinct.
 */
export async function countHits(
  db: Queryable,
  buckets: readonly { bucket: string; windowSeconds: number }[],
  now: Date,
): Promise<CountedBucket[]> {
  // Rows are locked in name order, whatever order a caller lists them in: two
  // requests counting the same buckets can never wait on each other in a cycle.
  const ordered = [...buckets].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  const result = await db.query<CountedBucket>(
    `WITH w (bucket, secs) AS (SELECT * FROM unnest($1::text[], $2::int[]))
     INSERT INTO rate_limits AS r (bucket, window_start, hits) SELECT bucket, $3, 1 FROM w
     ON CONFLICT (bucket) DO UPDATE SET
       hits = CASE WHEN r.window_start <= $3 - make_interval(secs => (SELECT secs FROM w WHERE w.bucket = r.bucket))
                   THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= $3 - make_interval(secs => (SELECT secs FROM w WHERE w.bucket = r.bucket))
                   THEN $3 ELSE r.window_start END
     RETURNING bucket, hits, window_start`,
    [ordered.map((b) => b.bucket), ordered.map((b) => b.windowSeconds), now],
  );
  return result.rows;
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
