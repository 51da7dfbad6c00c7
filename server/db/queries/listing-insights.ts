/** SQL for listing_insights: daily counts per listing (services/insights-counter.ts). */
import type { Queryable } from '../client.ts';

export const INSIGHT_COLUMNS = ['views', 'qr_scans', 'shares', 'calendar_adds', 'ticket_clicks'] as const;
export type InsightColumn = (typeof INSIGHT_COLUMNS)[number];

export interface InsightCounts {
  eventId: number;
  /** YYYY-MM-DD, the day where the listings happen. */
  day: string;
  counts: Record<InsightColumn, number>;
}

export interface InsightDayRow extends Record<InsightColumn, number> {
  date: string;
}

/**
 * Adds the counts to each listing's row of the day in one statement. Adding,
 * never setting, is what lets any number of processes flush into the same
 * rows and the totals still add up. Ids that are not a published listing (a
 * forged beacon, a listing deleted since) are dropped by the join, so one bad
 * row never fails the batch.
 */
/** Returns the rows written. */
export async function addInsightCounts(db: Queryable, rows: readonly InsightCounts[]): Promise<number> {
  if (!rows.length) return 0;
  const column = (name: InsightColumn) => rows.map((row) => row.counts[name]);
  const result = await db.query<{ written: number }>(
    `WITH written AS (
     INSERT INTO listing_insights AS li (event_id, day, views, qr_scans, shares, calendar_adds, ticket_clicks)
     SELECT t.event_id, t.day, t.views, t.qr_scans, t.shares, t.calendar_adds, t.ticket_clicks
     FROM unnest($1::bigint[], $2::date[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
       AS t (event_id, day, views, qr_scans, shares, calendar_adds, ticket_clicks)
     JOIN events e ON e.id = t.event_id AND e.status <> 'draft'
     ON CONFLICT (event_id, day) DO UPDATE SET
       views = li.views + EXCLUDED.views,
       qr_scans = li.qr_scans + EXCLUDED.qr_scans,
       shares = li.shares + EXCLUDED.shares,
       calendar_adds = li.calendar_adds + EXCLUDED.calendar_adds,
       ticket_clicks = li.ticket_clicks + EXCLUDED.ticket_clicks
     RETURNING 1)
     SELECT count(*)::int AS written FROM written`,
    [rows.map((row) => row.eventId), rows.map((row) => row.day), ...INSIGHT_COLUMNS.map(column)],
  );
  return Number(result.rows[0]?.written ?? 0);
}

/** The owner of a listing, or null when there is no such listing. */
export async function listingOwner(db: Queryable, eventId: number): Promise<number | null> {
  const result = await db.query<{ user_id: string }>('SELECT user_id FROM events WHERE id = $1', [eventId]);
  return result.rows[0] ? Number(result.rows[0].user_id) : null;
}

/**
 * The caller's listing's days from `since` (inclusive), oldest first; null
 * when the listing is not the caller's (or does not exist).
 */
export async function ownInsightDays(
  db: Queryable,
  eventId: number,
  userId: number,
  since: string,
): Promise<InsightDayRow[] | null> {
  const result = await db.query<{ owned: boolean; date: string | null } & Record<InsightColumn, number | null>>(
    `SELECT true AS owned, to_char(li.day, 'YYYY-MM-DD') AS date,
            li.views, li.qr_scans, li.shares, li.calendar_adds, li.ticket_clicks
     FROM events e
     LEFT JOIN listing_insights li ON li.event_id = e.id AND li.day >= $3::date
     WHERE e.id = $1 AND e.user_id = $2
     ORDER BY li.day`,
    [eventId, userId, since],
  );
  if (!result.rows.length) return null;
  return result.rows.flatMap((row) =>
    row.date === null
      ? []
      : [
          {
            date: row.date,
            views: Number(row.views),
            qr_scans: Number(row.qr_scans),
            shares: Number(row.shares),
            calendar_adds: Number(row.calendar_adds),
            ticket_clicks: Number(row.ticket_clicks),
          },
        ],
  );
}

export async function deleteInsightsBefore(db: Queryable, day: string): Promise<void> {
  await db.query('DELETE FROM listing_insights WHERE day < $1::date', [day]);
}
