/**
 * SQL of scheduled publishing: the drafts whose `publish_at` has come, and a
 * lock on one of them that another process publishing it already skips.
 */
import type { Queryable } from '../client.ts';

export async function dueDrafts(db: Queryable, now: Date, limit: number): Promise<{ id: number; user_id: number }[]> {
  const found = await db.query<{ id: number; user_id: number }>(
    `SELECT id::int AS id, user_id::int AS user_id FROM events
      WHERE status = 'draft' AND publish_at <= $1 ORDER BY publish_at LIMIT $2`,
    [now, limit],
  );
  return found.rows;
}

/** Locks the draft if it is still due and nobody else holds it; false when another process has it or it changed. */
export async function lockDueDraft(tx: Queryable, id: number, now: Date): Promise<boolean> {
  const found = await tx.query(
    `SELECT id FROM events WHERE id = $1 AND status = 'draft' AND publish_at <= $2 FOR UPDATE SKIP LOCKED`,
    [id, now],
  );
  return found.rows.length > 0;
}
