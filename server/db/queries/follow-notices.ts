/**
 * SQL for follow_notices: what followers are to hear of, queued by the
 * events trigger (migration 036) and the reminder job, sent by
 * services/followers/deliveries.ts.
 */
import type { Queryable } from '../client.ts';

/** A claimed notice with what sending it needs: the follow, and the event as it is now. */
export interface ClaimedNotice {
  id: number;
  kind: 'new' | 'changed' | 'reminder';
  attempts: number;
  channel: 'push' | 'email';
  follow_id: number;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  email: string | null;
  mail_token: string | null;
  event_id: number;
  title: string;
  status: string;
  sold_out: boolean;
  status_note: string;
  start_date: string | null;
  start_time: string | null;
  location_name: string;
  venue_title: string | null;
}

/**
 * Claims up to `limit` due notices, one more attempt each, leased until
 * `leaseUntil`; SKIP LOCKED lets several processes claim at once. One
 * statement, committing on its own, like the mail queue's claim.
 */
export async function claimDueNotices(
  db: Queryable,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedNotice[]> {
  const { rows } = await db.query<ClaimedNotice>(
    `WITH claimed AS (
       UPDATE follow_notices SET attempts = attempts + 1, next_attempt_at = $2
        WHERE id IN (SELECT id FROM follow_notices
                      WHERE state = 'pending' AND next_attempt_at <= $1
                      ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, attempts, follow_id, event_id)
     SELECT c.id::int AS id, c.kind, c.attempts, f.channel, f.id::int AS follow_id, f.endpoint, f.p256dh, f.auth,
            f.email, f.mail_token, e.id::int AS event_id, e.title, e.status, e.sold_out, e.status_note,
            to_char(e.start_date, 'YYYY-MM-DD') AS start_date, to_char(e.start_time, 'HH24:MI') AS start_time,
            e.location_name, (SELECT v.title FROM events v WHERE v.id = e.venue_id AND e.venue_status = 'approved') AS venue_title
       FROM claimed c JOIN follows f ON f.id = c.follow_id JOIN events e ON e.id = c.event_id
      ORDER BY c.id`,
    [now, leaseUntil, limit],
  );
  return rows;
}

export async function markNoticeSent(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query("UPDATE follow_notices SET state = 'sent', finished_at = $2, last_error = NULL WHERE id = $1", [
    id,
    now,
  ]);
}

export async function markNoticeRetry(db: Queryable, id: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db.query(
    "UPDATE follow_notices SET next_attempt_at = $2, last_error = $3 WHERE id = $1 AND state = 'pending'",
    [id, nextAttemptAt, error],
  );
}

export async function markNoticeDead(db: Queryable, id: number, now: Date, error: string): Promise<void> {
  await db.query(
    "UPDATE follow_notices SET state = 'dead', finished_at = $2, last_error = $3 WHERE id = $1 AND state = 'pending'",
    [id, now, error],
  );
}

/** Gives back a claim never tried (a process stopping): due at once, the attempt not counted. */
export async function releaseNotice(db: Queryable, id: number): Promise<void> {
  await db.query(
    "UPDATE follow_notices SET next_attempt_at = '-infinity', attempts = attempts - 1 WHERE id = $1 AND state = 'pending'",
    [id],
  );
}

/**
 * Queues the day-before reminder of every confirmed 'event' follow whose
 * published, dated event starts tomorrow in its own zone as of `now`. The
 * UPDATE marks each follow reminded for that date in the same statement, so
 * instances running this at once queue each reminder once (a second one
 * re-checks the row after the first commits and skips it), and a moved event
 * is reminded of again for its new date. Returns how many were queued.
 */
export async function queueDueReminders(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH due AS (
       UPDATE follows f SET reminded_for = e.start_date
         FROM events e
        WHERE f.target_kind = 'event' AND f.event_id = e.id AND f.confirmed_at IS NOT NULL
          AND e.status = 'published' AND NOT e.is_recurring AND e.start_date IS NOT NULL
          AND e.start_date = ($1::timestamptz AT TIME ZONE coalesce(e.time_zone, 'UTC'))::date + 1
          AND f.reminded_for IS DISTINCT FROM e.start_date
        RETURNING f.id AS follow_id, e.id AS event_id),
     queued AS (
       INSERT INTO follow_notices (follow_id, event_id, kind, created_at)
       SELECT follow_id, event_id, 'reminder', $1 FROM due
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM queued`,
    [now],
  );
  return rows[0]?.n ?? 0;
}

/** Sent notices are kept a week, dead ones a month (for an operator), like mail. */
export async function deleteFinishedNoticesBefore(db: Queryable, sentBefore: Date, deadBefore: Date): Promise<void> {
  await db.query(
    `DELETE FROM follow_notices
      WHERE (state = 'sent' AND finished_at < $1) OR (state = 'dead' AND finished_at < $2)`,
    [sentBefore, deadBefore],
  );
}
