/**
 * SQL writes of the events table. Only the columns of the shared contract's
 * event fields can be written, and every write bumps users.events_rev, the
 * ETag of the caller's list (events.ts), in the same statement (a CTE): one
 * round trip per write, not two.
 */
import type { EventFields } from '../../../src/shared/contract/event.ts';
import type { Queryable } from '../client.ts';
import { eventDocument } from './event-document.ts';

/** Columns a write may set, in the order of EventFieldsSchema. */
const eventColumns = [
  'title',
  'bio',
  'location_name',
  'latitude',
  'longitude',
  'street_address',
  'postal_code',
  'locality',
  'country_code',
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
  'ticket_url',
  'price',
  'currency',
  'status',
  'status_note',
  'sold_out',
  'publish_at',
  'skipped_dates',
  'venue_id',
] as const satisfies readonly (keyof EventFields)[];

const jsonColumns = new Set(['keywords', 'schedule_blocks', 'skipped_dates']);

/** The columns and values of the fields that were sent (JSON columns as text). */
function columnValues(write: EventWrite): { columns: string[]; values: unknown[] } {
  const { fields } = write;
  const columns: string[] = [];
  const values: unknown[] = [];
  for (const column of eventColumns) {
    const value = fields[column];
    if (value === undefined) continue;
    columns.push(column);
    values.push(jsonColumns.has(column) ? JSON.stringify(value) : value);
  }
  if (write.isListing !== undefined) {
    columns.push('is_listing');
    values.push(write.isListing);
  }
  if (write.timeZone !== undefined) {
    columns.push('time_zone');
    values.push(write.timeZone);
  }
  if (write.updatedBy !== undefined) {
    columns.push('updated_by');
    values.push(write.updatedBy);
  }
  return { columns, values };
}

export interface EventWrite {
  userId: number;
  fields: EventFields;
  /** A newly stored cover image, or null to leave the cover as it is. */
  coverImage: string | null;
  /**
   * Whether the record is the account's business listing, set whenever
   * `is_recurring` is sent (a business's recurring record is its listing; a
   * promoter's is a weekly series); undefined leaves it as it is.
   */
  isListing?: boolean | undefined;
  /** The zone of the place being written (null: none); undefined leaves it as it is. */
  timeZone?: string | null | undefined;
  /** Who makes the write: the owner, or a team member acting for them. */
  updatedBy?: number | undefined;
  now: Date;
  mediaBase: string;
}

/** Inserts an event with the fields that were sent; returns its document. */
export async function insertEvent(tx: Queryable, write: EventWrite): Promise<string> {
  const { columns, values } = columnValues(write);
  const { userId, now, coverImage } = write;
  const allColumns = ['user_id', 'created_at', 'updated_at', ...columns, ...(coverImage ? ['cover_image'] : [])];
  const allValues = [userId, now, now, ...values, ...(coverImage ? [coverImage] : [])];
  const placeholders = allValues.map((_, i) => `$${i + 2}`).join(', ');
  const inserted = await tx.query<{ body: string }>(
    `WITH bumped AS (${bumpRev('$2')})
     INSERT INTO events AS e (${allColumns.join(', ')}) VALUES (${placeholders})
     RETURNING ${eventDocument('e', '$1')}::text AS body`,
    [write.mediaBase, ...allValues],
  );
  return inserted.rows[0]!.body;
}

/**
 * Sets the fields that were sent on the caller's event and bumps its version;
 * returns the new document — or null when no row matched: no such event of
 * this caller, or (with `expectedVersion`) another version than the one expected.
 */
export async function updateOwnEvent(
  tx: Queryable,
  eventId: number,
  write: EventWrite,
  expectedVersion: number | null = null,
): Promise<{ body: string; version: number } | null> {
  const { columns, values } = columnValues(write);
  if (write.coverImage) {
    columns.push('cover_image');
    values.push(write.coverImage);
  }
  const sets = columns.map((column, i) => `${column} = $${i + 6}`);
  const startDate = columns.indexOf('start_date');
  if (startDate >= 0) sets.push(rescheduled(`$${startDate + 6}`));
  // The revision moves only when the event did: a stale If-Match changes nothing.
  const updated = await tx.query<{ body: string; version: number }>(
    `WITH updated AS (
       UPDATE events AS e SET ${[...sets, 'version = version + 1', 'updated_at = $4'].join(', ')}
        WHERE id = $1 AND user_id = $2 AND ($5::int IS NULL OR version = $5::int)
        RETURNING ${eventDocument('e', '$3')}::text AS body, version),
          bumped AS (UPDATE users SET events_rev = events_rev + 1 WHERE id = $2 AND EXISTS (SELECT 1 FROM updated))
     SELECT body, version FROM updated`,
    [eventId, write.userId, write.mediaBase, write.now, expectedVersion, ...values],
  );
  return updated.rows[0] ?? null;
}

/**
 * The SET clause that keeps `previous_start_date` when a write moves the start date to
 * `value` (a placeholder): the first date the event was published with, kept through later
 * moves, cleared by a move back to it. A draft's dates were never shared, and a cleared
 * date is not a move. Expressions in SET read the row as it was before the write.
 */
function rescheduled(value: string): string {
  return `previous_start_date = CASE
      WHEN e.status = 'draft' OR e.start_date IS NULL OR ${value}::date IS NULL THEN e.previous_start_date
      WHEN ${value}::date = coalesce(e.previous_start_date, e.start_date) THEN NULL
      ELSE coalesce(e.previous_start_date, e.start_date) END`;
}

/** Deletes the caller's event; returns its cover, or null when there was no such event. */
export async function deleteOwnEvent(
  tx: Queryable,
  eventId: number,
  userId: number,
): Promise<{ cover_image: string | null } | null> {
  // The revision moves only when a row was deleted: a 404 changes nothing.
  const deleted = await tx.query<{ cover_image: string | null }>(
    `WITH deleted AS (DELETE FROM events WHERE id = $1 AND user_id = $2 RETURNING cover_image),
          bumped AS (UPDATE users SET events_rev = events_rev + 1 WHERE id = $2 AND EXISTS (SELECT 1 FROM deleted))
     SELECT cover_image FROM deleted`,
    [eventId, userId],
  );
  return deleted.rows[0] ?? null;
}

/** A demo event (SEED_DEMO): absent fields take the defaults below. */
export interface SeedEvent {
  title: string;
  bio?: string;
  location_name: string;
  latitude: number;
  longitude: number;
  start_date?: string;
  start_time?: string;
  end_date?: string;
  end_time?: string;
  is_recurring?: boolean;
  is_sponsored?: boolean;
  event_type?: string;
  event_subtype?: string;
  keywords?: string[];
  schedule_blocks?: Record<string, { start: string; end: string }[]>;
  days?: string[];
  recurring_start_time?: string;
  recurring_end_time?: string;
}

/** Inserts a demo event as is, without the checks of the API. */
export async function insertSeedEvent(tx: Queryable, userId: number, e: SeedEvent): Promise<void> {
  const days = new Set(e.days ?? []);
  await tx.query(
    `INSERT INTO events (user_id, title, bio, location_name, latitude, longitude, start_date, start_time, end_date,
       end_time, is_recurring, is_sponsored, event_type, event_subtype, keywords, schedule_blocks,
       monday, tuesday, wednesday, thursday, friday, saturday, sunday, recurring_start_time, recurring_end_time,
       is_listing)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
       $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)`,
    [
      userId,
      e.title,
      e.bio ?? '',
      e.location_name,
      e.latitude,
      e.longitude,
      e.start_date ?? null,
      e.start_time ?? null,
      e.end_date ?? null,
      e.end_time ?? null,
      e.is_recurring ?? false,
      e.is_sponsored ?? false,
      e.event_type ?? null,
      e.event_subtype ?? null,
      JSON.stringify(e.keywords ?? []),
      JSON.stringify(e.schedule_blocks ?? {}),
      ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => days.has(d)),
      e.recurring_start_time ?? null,
      e.recurring_end_time ?? null,
      // The demo's recurring records belong to business accounts: their listings.
      e.is_recurring ?? false,
    ],
  );
}

/** The statement that moves a user's list revision; `param` holds the user id. */
function bumpRev(param: string): string {
  return `UPDATE users SET events_rev = events_rev + 1 WHERE id = ${param}`;
}

/** True when the error is PostgreSQL's unique violation (the one-listing index). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
