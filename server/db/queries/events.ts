/**
 * SQL reads of the events table. They return the JSON text built by
 * event_document() (see migration 021), so the list the dashboard polls is one
 * query and no re-serialisation. The list's ETag is users.events_rev, which
 * every write bumps (event-writes.ts): an unchanged list costs one indexed
 * lookup and a 304, and a changed one only the documents that changed
 * (migration 022).
 */
import type { EventStatus } from '../../../src/shared/contract/event.ts';
import type { Queryable } from '../client.ts';
import { eventDocument } from './event-document.ts';

/** The values the cross-field rules look at, as stored. */
export interface StoredEventState {
  version: number;
  is_recurring: boolean;
  is_listing: boolean;
  status: EventStatus;
  event_type: string | null;
  event_subtype: string | null;
  start_date: string | null;
  start_time: string | null;
  end_date: string | null;
  end_time: string | null;
  cover_image: string | null;
}

export async function lockOwnEvent(db: Queryable, eventId: number, userId: number): Promise<StoredEventState | null> {
  const result = await db.query<StoredEventState>(
    `SELECT version, is_recurring, is_listing, status, event_type, event_subtype,
            to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(start_time, 'HH24:MI') AS start_time,
            to_char(end_date, 'YYYY-MM-DD') AS end_date, to_char(end_time, 'HH24:MI') AS end_time, cover_image
       FROM events WHERE id = $1 AND user_id = $2 FOR UPDATE`,
    [eventId, userId],
  );
  return result.rows[0] ?? null;
}

export async function eventJson(db: Queryable, eventId: number, userId: number, mediaBase: string) {
  const result = await db.query<{ body: string; version: number }>(
    `SELECT ${eventDocument('e', '$3')}::text AS body, e.version FROM events e WHERE e.id = $1 AND e.user_id = $2`,
    [eventId, userId, mediaBase],
  );
  return result.rows[0] ?? null;
}

export async function hasBusinessListing(db: Queryable, userId: number, exceptId: number | null): Promise<boolean> {
  const result = await db.query(
    'SELECT 1 FROM events WHERE user_id = $1 AND is_listing AND id IS DISTINCT FROM $2 LIMIT 1',
    [userId, exceptId],
  );
  return result.rows.length > 0;
}

/**
 * The caller's list at the database's revision, as marks and only the
 * documents the caller lacks (migration 022): `known` maps each event id the
 * caller holds a document for to that document's mark. When the revision is
 * still `knownRev`, only the revision comes back (`marks` and `docs` null). An
 * account without events has null marks. `docs` holds the missing documents
 * in id order, each ended by U+001E.
 */
export async function listDelta(
  db: Queryable,
  userId: number,
  mediaBase: string,
  knownRev: string | null,
  known: string | null,
): Promise<{ rev: string; marks: string | null; docs: string | null }> {
  const result = await db.query<{ rev: string; marks: string | null; docs: string | null }>(
    'SELECT rev, marks, docs FROM event_list_delta($1, $2, $3, $4)',
    [userId, mediaBase, knownRev, known],
  );
  return result.rows[0] ?? { rev: '0', marks: null, docs: null };
}

export async function countUserEvents(db: Queryable, userId: number): Promise<number> {
  const result = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE user_id = $1', [userId]);
  return result.rows[0]?.n ?? 0;
}

/**
 * One page of the caller's events after `afterId` (keyset pagination on the
 * (user_id, id) index: the cost of a page does not grow with the list), with
 * the list's revision, in one statement. Reads one row more than asked, to
 * know whether another page follows. When the revision is still `knownRev`
 * no event is read (a one-time filter on the outer row): `body` is null.
 */
export async function listPage(
  db: Queryable,
  userId: number,
  mediaBase: string,
  page: { afterId: number; limit: number },
  knownRev: string | null,
) {
  const result = await db.query<{ rev: string; id: string | null; doc: string | null }>(
    'SELECT rev, id, doc FROM event_list_page($1, $2, $3, $4, $5)',
    [userId, mediaBase, page.afterId, page.limit + 1, knownRev],
  );
  if (!result.rows.length) return { rev: '0', body: '[]', lastId: null }; // no such account
  const rev = result.rows[0]!.rev;
  if (rev === knownRev) return { rev, body: null, lastId: null };
  const rows = result.rows.filter((r) => r.id !== null).slice(0, page.limit);
  return {
    rev,
    body: `[${rows.map((r) => r.doc).join(',')}]`,
    lastId: result.rows.length > page.limit ? Number(rows[rows.length - 1]!.id) : null,
  };
}
