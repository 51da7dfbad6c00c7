/**
 * SQL for follow_notices: what followers are to hear of, queued by the
 * events trigger (migration 036) and the reminder job, sent by
 * services/followers/deliveries.ts.
 */
import type { Db, Queryable } from '../client.ts';

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

/** What a claim hands the worker: notices to send, and how many it claimed (dropped ones included). */
export interface Claim {
  notices: ClaimedNotice[];
  claimed: number;
  /** Notices ended unsent: their follower had had the day's messages. */
  dropped: number;
}

export interface ClaimOptions {
  now: Date;
  leaseUntil: Date;
  limit: number;
  /** A first attempt waits until its event has had no write for this long (burst coalescing). */
  settleMs: number;
  /** Messages a follower (subscription or address) may get per UTC day. */
  dailyCap: number;
}

/**
 * Claims up to `limit` due notices, one more attempt each, leased until
 * `leaseUntil`; SKIP LOCKED lets several processes claim at once. A first
 * attempt is due once its event has been quiet for `settleMs` (by the
 * database's clock, which stamped quiet_since), a retry at next_attempt_at.
 *
 * In the same transaction each notice not yet counted takes a slot of its
 * follower's day (follower_daily_sends: one upsert per claim, row-locked, so
 * instances claiming at once share one count); notices beyond the cap are
 * ended there ('dead', "over the daily cap"), unsent.
 */
export async function claimDueNotices(db: Db, options: ClaimOptions): Promise<Claim> {
  const day = options.now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ClaimedNotice & { counted: boolean; recipient: string }>(
      `WITH claimed AS (
         UPDATE follow_notices SET attempts = attempts + 1, next_attempt_at = $2
          WHERE id IN (SELECT id FROM follow_notices
                        WHERE state = 'pending' AND next_attempt_at <= $1
                          AND (attempts > 0 OR quiet_since <= now() - make_interval(secs => $4::float8 / 1000))
                        ORDER BY next_attempt_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, attempts, follow_id, event_id, counted)
       SELECT c.id::int AS id, c.kind, c.attempts, c.counted, f.channel, f.id::int AS follow_id, f.endpoint, f.p256dh,
              f.auth, f.email, f.mail_token,
              CASE f.channel WHEN 'push' THEN 'push ' || f.endpoint ELSE 'email ' || lower(f.email) END AS recipient,
              e.id::int AS event_id, e.title, e.status, e.sold_out, e.status_note,
              to_char(e.start_date, 'YYYY-MM-DD') AS start_date, to_char(e.start_time, 'HH24:MI') AS start_time,
              e.location_name,
              (SELECT v.title FROM events v WHERE v.id = e.venue_id AND e.venue_status = 'approved') AS venue_title
         FROM claimed c JOIN follows f ON f.id = c.follow_id JOIN events e ON e.id = c.event_id
        ORDER BY c.id`,
      [options.now, options.leaseUntil, options.limit, options.settleMs],
    );
    // Slots wanted per follower, in a fixed order (two claims lock the rows alike: no deadlock).
    const wanted = new Map<string, number>();
    for (const row of rows) if (!row.counted) wanted.set(row.recipient, (wanted.get(row.recipient) ?? 0) + 1);
    const recipients = [...wanted.keys()].sort();
    const granted = new Map<string, number>();
    if (recipients.length > 0) {
      const { rows: slots } = await tx.query<{ recipient: string; granted: number }>(
        `INSERT INTO follower_daily_sends AS d (day, recipient, sent, granted)
         SELECT $1::date, r, least($4::int, n), least($4::int, n)
           FROM unnest($2::text[], $3::int[]) AS w(r, n) ORDER BY r
         ON CONFLICT (day, recipient) DO UPDATE
            SET sent = least($4::int, d.sent + EXCLUDED.sent), granted = least($4::int, d.sent + EXCLUDED.sent) - d.sent
         RETURNING d.recipient, d.granted`,
        [day, recipients, recipients.map((r) => wanted.get(r)!), options.dailyCap],
      );
      for (const slot of slots) granted.set(slot.recipient, slot.granted);
    }
    const send: ClaimedNotice[] = [];
    const counted: number[] = [];
    const dropped: number[] = [];
    for (const row of rows) {
      const { counted: already, recipient, ...notice } = row;
      if (already) send.push(notice);
      else if ((granted.get(recipient) ?? 0) > 0) {
        granted.set(recipient, granted.get(recipient)! - 1);
        counted.push(notice.id);
        send.push(notice);
      } else dropped.push(notice.id);
    }
    if (counted.length > 0 || dropped.length > 0) {
      await tx.query(
        `UPDATE follow_notices
            SET counted = counted OR id = ANY($1::bigint[]),
                state = CASE WHEN id = ANY($2::bigint[]) THEN 'dead' ELSE state END,
                finished_at = CASE WHEN id = ANY($2::bigint[]) THEN $3 ELSE finished_at END,
                last_error = CASE WHEN id = ANY($2::bigint[]) THEN 'over the daily cap' ELSE last_error END
          WHERE id = ANY($1::bigint[]) OR id = ANY($2::bigint[])`,
        [counted, dropped, options.now],
      );
    }
    return { notices: send, claimed: rows.length, dropped: dropped.length };
  });
}

/** Marks several notices sent in one statement (a batch the worker sent). */
export async function markNoticesSent(db: Queryable, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    "UPDATE follow_notices SET state = 'sent', finished_at = $2, last_error = NULL WHERE id = ANY($1::bigint[])",
    [ids, now],
  );
}

/** Daily counts older than yesterday are no longer read. */
export async function deleteDailySendsBefore(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM follower_daily_sends WHERE day < $1::date - 1', [now.toISOString().slice(0, 10)]);
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
