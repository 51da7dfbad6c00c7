/**
 * SQL for events. Reads return the JSON text built by event_document() (see
 * migration 003), so the list the dashboard polls is one query and no
 * re-serialisation. Every write bumps users.events_rev, which is the list's
 * ETag: an unchanged list costs one indexed lookup and a 304.
 */
import type { EventFields } from '../../src/shared/contract/event.ts';
import type { Queryable } from '../db/client.ts';

/** Columns a write may set, in the order of EventFieldsSchema. */
export const eventColumns = [
  'title',
  'bio',
  'location_name',
  'latitude',
  'longitude',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
  'is_recurring',
  'is_sponsored',
  'event_type',
  'event_subtype',
  'keywords',
  'schedule_blocks',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'recurring_start_time',
  'recurring_end_time',
] as const satisfies readonly (keyof EventFields)[];

const jsonColumns = new Set(['keywords', 'schedule_blocks']);

/** The columns and values of the fields that were sent (JSON columns as text). */
export function columnValues(fields: EventFields): { columns: string[]; values: unknown[] } {
  const columns: string[] = [];
  const values: unknown[] = [];
  for (const column of eventColumns) {
    const value = fields[column];
    if (value === undefined) continue;
    columns.push(column);
    values.push(jsonColumns.has(column) ? JSON.stringify(value) : value);
  }
  return { columns, values };
}

/** The values the cross-field rules look at, as stored. */
export interface StoredEventState {
  version: number;
  is_recurring: boolean;
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
    `SELECT version, is_recurring, event_type, event_subtype,
            to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(start_time, 'HH24:MI') AS start_time,
            to_char(end_date, 'YYYY-MM-DD') AS end_date, to_char(end_time, 'HH24:MI') AS end_time, cover_image
       FROM events WHERE id = $1 AND user_id = $2 FOR UPDATE`,
    [eventId, userId],
  );
  return result.rows[0] ?? null;
}

export async function eventJson(db: Queryable, eventId: number, userId: number, mediaBase: string) {
  const result = await db.query<{ body: string; version: number }>(
    'SELECT event_document(e, $3)::text AS body, e.version FROM events e WHERE e.id = $1 AND e.user_id = $2',
    [eventId, userId, mediaBase],
  );
  return result.rows[0] ?? null;
}

export async function hasBusinessListing(db: Queryable, userId: number, exceptId: number | null): Promise<boolean> {
  const result = await db.query(
    'SELECT 1 FROM events WHERE user_id = $1 AND is_recurring AND id IS DISTINCT FROM $2 LIMIT 1',
    [userId, exceptId],
  );
  return result.rows.length > 0;
}

export async function bumpEventsRev(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET events_rev = events_rev + 1 WHERE id = $1', [userId]);
}

export async function listRev(db: Queryable, userId: number): Promise<string | null> {
  const result = await db.query<{ rev: string }>('SELECT events_rev::text AS rev FROM users WHERE id = $1', [userId]);
  return result.rows[0]?.rev ?? null;
}

export async function listJson(db: Queryable, userId: number, mediaBase: string) {
  const result = await db.query<{ rev: string; body: string }>(
    `SELECT u.events_rev::text AS rev,
            coalesce((SELECT json_agg(event_document(e, $2) ORDER BY e.id) FROM events e WHERE e.user_id = u.id),
                     '[]')::text AS body
       FROM users u WHERE u.id = $1`,
    [userId, mediaBase],
  );
  return result.rows[0] ?? { rev: '0', body: '[]' };
}

/** True when the error is PostgreSQL's unique violation (the one-listing index). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * One page of the caller's events after `afterId` (keyset pagination on the
 * (user_id, id) index: the cost of a page does not grow with the list).
 * Reads one row more than asked, to know whether another page follows.
 */
export async function listPage(db: Queryable, userId: number, mediaBase: string, afterId: number, limit: number) {
  const result = await db.query<{ id: string; doc: string }>(
    `SELECT e.id::text AS id, event_document(e, $2)::text AS doc FROM events e
      WHERE e.user_id = $1 AND e.id > $3 ORDER BY e.id LIMIT $4`,
    [userId, mediaBase, afterId, limit + 1],
  );
  const rows = result.rows.slice(0, limit);
  return {
    body: `[${rows.map((r) => r.doc).join(',')}]`,
    lastId: result.rows.length > limit ? Number(rows[rows.length - 1]!.id) : null,
  };
}
