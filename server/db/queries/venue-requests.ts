/**
 * SQL of venue approval (migration 018): the listing a promoter names as the
 * venue, the requests a venue's owner answers, the batched mail that tells
 * the owner about new ones, and the public reads (an approved event's venue,
 * a venue's "What's on").
 */
import type { Queryable } from '../client.ts';
import { eventDocument } from './event-document.ts';

/** A listing someone names as the venue, with its owner. */
export interface VenueListing {
  id: string;
  title: string;
  owner_id: string;
  owner_email: string;
  is_listing: boolean;
  status: string;
}

export async function venueListing(db: Queryable, venueId: number): Promise<VenueListing | null> {
  const result = await db.query<VenueListing>(
    `SELECT v.id::text AS id, v.title, v.user_id::text AS owner_id, u.email AS owner_email, v.is_listing, v.status
       FROM events v JOIN users u ON u.id = v.user_id WHERE v.id = $1`,
    [venueId],
  );
  return result.rows[0] ?? null;
}

/** The name a promoter goes by in public. */
export async function publicNameOf(db: Queryable, userId: number): Promise<string> {
  const result = await db.query<{ name: string }>(
    `SELECT coalesce(nullif(display_name, ''), nullif(full_name, ''), 'A promoter') AS name FROM users WHERE id = $1`,
    [userId],
  );
  return result.rows[0]?.name ?? 'A promoter';
}

/** What an event's venue fields were before a write (null: no such event of this user). */
export interface VenueStateBefore {
  venue_id: string | null;
  status: string;
  is_listing: boolean;
}

export async function venueStateBefore(
  db: Queryable,
  eventId: number,
  userId: number,
): Promise<VenueStateBefore | null> {
  const result = await db.query<VenueStateBefore>(
    'SELECT venue_id::text AS venue_id, status, is_listing FROM events WHERE id = $1 AND user_id = $2',
    [eventId, userId],
  );
  return result.rows[0] ?? null;
}

/** The promoter's requests still waiting at one venue (other than `exceptId`). */
export async function countPendingAt(
  db: Queryable,
  userId: number,
  venueId: number,
  exceptId: number | null,
): Promise<number> {
  const result = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events
      WHERE user_id = $1 AND venue_id = $2 AND venue_status = 'pending' AND id IS DISTINCT FROM $3`,
    [userId, venueId, exceptId],
  );
  return result.rows[0]?.n ?? 0;
}

/** One request as JSON (the venue owner's view); `e` the event, `v` the venue, `u` the promoter. */
const requestJson = (mediaBase: string) => `json_build_object(
    'id', e.id, 'title', e.title,
    'start_date', to_char(e.start_date, 'YYYY-MM-DD'), 'start_time', to_char(e.start_time, 'HH24:MI'),
    'is_recurring', e.is_recurring,
    'cover_image', CASE WHEN e.cover_image IS NULL THEN NULL ELSE ${mediaBase} || e.cover_image END,
    'promoter', coalesce(nullif(u.display_name, ''), nullif(u.full_name, ''), 'A promoter'),
    'venue_id', v.id, 'venue_title', v.title, 'venue_status', e.venue_status,
    'requested_at', to_char(e.venue_requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** Requests the owner sees: published events at their listing, pending or not over yet. */
const visibleRequest = `e.status = 'published' AND v.is_listing
  AND (e.venue_status = 'pending' OR e.is_recurring AND (e.end_date IS NULL OR e.end_date >= $2::date)
       OR coalesce(e.end_date, e.start_date) >= $2::date)`;

/** The owner's requests as a JSON array: pending first, then by date; at most `limit`. */
export async function venueRequestsJson(
  db: Queryable,
  ownerId: number,
  today: string,
  limit: number,
  mediaBase: string,
): Promise<string> {
  const result = await db.query<{ body: string }>(
    `SELECT coalesce(json_agg(r.doc ORDER BY r.pending DESC, r.start_date NULLS FIRST, r.id), '[]')::text AS body
       FROM (SELECT ${requestJson('$4')} AS doc, e.venue_status = 'pending' AS pending, e.start_date, e.id
               FROM events v
               JOIN events e ON e.venue_id = v.id
               JOIN users u ON u.id = e.user_id
              WHERE v.user_id = $1 AND ${visibleRequest}
              ORDER BY e.venue_status = 'pending' DESC, e.start_date NULLS FIRST, e.id
              LIMIT $3) r`,
    [ownerId, today, limit, mediaBase],
  );
  return result.rows[0]?.body ?? '[]';
}

export interface AnsweredRequest {
  /** The request after the answer, as JSON text. */
  body: string;
  /** The state before the answer (an answer that changes nothing mails nobody). */
  previous: string;
  promoter_id: string;
  promoter_email: string;
  title: string;
  venue_title: string;
}

/**
 * Sets the answer of the venue's owner on a published event at one of their
 * listings; null when there is no such request (the caller answers 404). The
 * event's version stays (the promoter's edits in flight are no conflict);
 * its updated_at moves, since its public page changes, and the promoter's
 * list revision moves so their dashboard sees the answer.
 */
export async function answerRequest(
  tx: Queryable,
  eventId: number,
  ownerId: number,
  status: string,
  now: Date,
  mediaBase: string,
): Promise<AnsweredRequest | null> {
  const locked = await tx.query<{ previous: string }>(
    `SELECT e.venue_status AS previous FROM events e JOIN events v ON v.id = e.venue_id
      WHERE e.id = $1 AND v.user_id = $2 AND v.is_listing AND e.status = 'published'
        FOR UPDATE OF e`,
    [eventId, ownerId],
  );
  const previous = locked.rows[0]?.previous;
  if (!previous) return null;
  const result = await tx.query<Omit<AnsweredRequest, 'previous'>>(
    `WITH updated AS (
       UPDATE events e SET venue_status = $2, venue_answered_at = $3,
              updated_at = CASE WHEN e.venue_status = $2 THEN e.updated_at ELSE $3 END
        WHERE e.id = $1 RETURNING e.*),
          bumped AS (UPDATE users SET events_rev = events_rev + 1 WHERE id = (SELECT user_id FROM updated))
     SELECT ${requestJson('$4')}::text AS body, u.id::text AS promoter_id, u.email AS promoter_email,
            e.title, v.title AS venue_title
       FROM updated e JOIN events v ON v.id = e.venue_id JOIN users u ON u.id = e.user_id`,
    [eventId, status, now, mediaBase],
  );
  const row = result.rows[0];
  return row ? { ...row, previous } : null;
}

/**
 * Records that the event's current request (its venue, and when it was
 * made) is told to the venue; false when it was already (migration 037), so
 * publishing the same request again mails nobody.
 */
export async function markRequestAnnounced(tx: Queryable, eventId: number): Promise<boolean> {
  const result = await tx.query(
    `INSERT INTO venue_request_announced AS a (event_id, venue_id, requested_at)
       SELECT id, venue_id, venue_requested_at FROM events WHERE id = $1 AND venue_id IS NOT NULL
     ON CONFLICT (event_id) DO UPDATE SET venue_id = EXCLUDED.venue_id, requested_at = EXCLUDED.requested_at
       WHERE (a.venue_id, a.requested_at) IS DISTINCT FROM (EXCLUDED.venue_id, EXCLUDED.requested_at)
     RETURNING a.event_id`,
    [eventId],
  );
  return result.rows.length > 0;
}

/**
 * Adds a request's line to the venue's next request mail: to the queued one while no
 * worker has claimed it (attempts = 0), else to a new one, due at once or when
 * `interval` since the last has passed. Locks the venue's row, so two requests at once
 * never both start a mail. Every line ends with a newline, so one line can be taken out
 * again by its exact text (withdrawVenueMailLine) without touching a longer one.
 */
export async function addToVenueMail(
  tx: Queryable,
  venue: { id: number; email: string; subject: string; intro: string },
  request: { eventId: number; line: string },
  now: Date,
  intervalMs: number,
): Promise<void> {
  const line = `${request.line}\n`;
  await tx.query(
    'INSERT INTO venue_request_mail (venue_id, next_mail_at) VALUES ($1, $2) ON CONFLICT (venue_id) DO NOTHING',
    [venue.id, now],
  );
  const state = await tx.query<{ mail_id: string | null; next_mail_at: Date }>(
    'SELECT mail_id::text AS mail_id, next_mail_at FROM venue_request_mail WHERE venue_id = $1 FOR UPDATE',
    [venue.id],
  );
  const { mail_id: queuedId, next_mail_at: nextMailAt } = state.rows[0]!;
  let mailId: string | null = null;
  if (queuedId) {
    const appended = await tx.query<{ id: string }>(
      `UPDATE mail_queue SET body = body || $2 WHERE id = $1 AND state = 'pending' AND attempts = 0
       RETURNING id::text AS id`,
      [queuedId, line],
    );
    mailId = appended.rows[0]?.id ?? null;
  }
  if (!mailId) {
    const sendAt = new Date(Math.max(now.getTime(), new Date(nextMailAt).getTime()));
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO mail_queue (recipient, subject, body, code, next_attempt_at, created_at)
       VALUES ($1, $2, $3, NULL, $4, $5) RETURNING id::text AS id`,
      [venue.email, venue.subject, `${venue.intro}\n\n${line}`, sendAt, now],
    );
    mailId = inserted.rows[0]!.id;
    await tx.query('UPDATE venue_request_mail SET mail_id = $2, next_mail_at = $3 WHERE venue_id = $1', [
      venue.id,
      mailId,
      new Date(sendAt.getTime() + intervalMs),
    ]);
  }
  await tx.query('UPDATE venue_request_announced SET mail_id = $2, line = $3 WHERE event_id = $1', [
    request.eventId,
    mailId,
    line,
  ]);
}

/**
 * Takes an answered request's line out of the venue's mail while no worker has claimed
 * it, and withdraws the mail when no request is left in it. A mail already on its way
 * keeps its lines (it says what was waiting when it left).
 */
export async function withdrawVenueMailLine(tx: Queryable, eventId: number): Promise<void> {
  const cut = await tx.query<{ id: string; empty: boolean }>(
    `UPDATE mail_queue m SET body = overlay(m.body PLACING '' FROM strpos(m.body, E'\\n' || a.line) + 1 FOR length(a.line))
       FROM venue_request_announced a
      WHERE a.event_id = $1 AND m.id = a.mail_id AND m.state = 'pending' AND m.attempts = 0
        AND strpos(m.body, E'\\n' || a.line) > 0
      RETURNING m.id::text AS id, m.body !~ E'\\n- ' AS empty`,
    [eventId],
  );
  const mail = cut.rows[0];
  if (mail?.empty) {
    // The venue's next mail may take the withdrawn one's place in time (the bound holds).
    await tx.query(
      `WITH gone AS (DELETE FROM mail_queue WHERE id = $1 RETURNING id, next_attempt_at)
       UPDATE venue_request_mail r SET mail_id = NULL, next_mail_at = gone.next_attempt_at FROM gone
        WHERE r.mail_id = gone.id`,
      [mail.id],
    );
  }
  await tx.query('UPDATE venue_request_announced SET mail_id = NULL, line = NULL WHERE event_id = $1', [eventId]);
}

/** The venue an event shows publicly: only when approved, and the venue still a published listing. */
export interface ApprovedVenue {
  id: string;
  title: string;
  location_name: string;
  latitude: number | null;
  longitude: number | null;
  street_address: string;
  postal_code: string;
  locality: string;
  country_code: string;
}

export async function approvedVenueOf(db: Queryable, eventId: number): Promise<ApprovedVenue | null> {
  const result = await db.query<ApprovedVenue>(
    `SELECT v.id::text AS id, v.title, v.location_name, v.latitude, v.longitude,
            v.street_address, v.postal_code, v.locality, v.country_code
       FROM events e JOIN events v ON v.id = e.venue_id
      WHERE e.id = $1 AND e.venue_status = 'approved' AND v.is_listing AND v.status = 'published'`,
    [eventId],
  );
  return result.rows[0] ?? null;
}

/**
 * A venue's "What's on": published events still to come on `today` — promoters'
 * events the venue approved and, with `own`, the venue's own (its owner's events that
 * name no other venue; the owner's page lists those already) — weekly series first,
 * then by date; at most `limit` documents.
 */
export async function whatsOnAt(
  db: Queryable,
  venueId: number,
  today: string,
  limit: number,
  mediaBase: string,
  own: boolean,
): Promise<string[]> {
  const result = await db.query<{ body: string }>(
    `SELECT ${eventDocument('e', '$4')}::text AS body FROM events e
      WHERE (e.venue_id = $1 AND e.venue_status = 'approved'
             OR $5 AND e.user_id = (SELECT user_id FROM events WHERE id = $1) AND NOT e.is_listing
                AND (e.venue_id IS NULL OR e.venue_id = $1))
        AND e.status <> 'draft'
        AND (e.is_recurring AND (e.end_date IS NULL OR e.end_date >= $2::date)
             OR coalesce(e.end_date, e.start_date) >= $2::date)
      ORDER BY e.is_recurring DESC, e.start_date, e.start_time NULLS FIRST, e.id
      LIMIT $3`,
    [venueId, today, limit, mediaBase, own],
  );
  return result.rows.map((row) => row.body);
}
