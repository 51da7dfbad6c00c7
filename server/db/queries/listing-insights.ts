/** SQL for listing_insights: daily counts per listing (services/insights-counter.ts). */
import type { Queryable } from '../client.ts';

export const INSIGHT_COLUMNS = ['views', 'qr_scans', 'shares', 'calendar_adds', 'ticket_clicks'] as const;
export type InsightColumn = (typeof INSIGHT_COLUMNS)[number];

export interface InsightCounts {
  eventId: number;
  /** YYYY-MM-DD, the day where the listings happen. */
  day: string;
  counts: Record<InsightColumn, number>;
  /** Visitors first seen (by this process) since the last flush. */
  visitors: number;
  /** Views per source key (`qr`, `share`, `link:{slug}`, `host:{name}`, `other`). */
  sources: Map<string, number>;
}

export interface InsightDayRow extends Record<InsightColumn, number> {
  date: string;
  visitors: number;
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
  const sources = rows.flatMap((row) => [...row.sources].map(([source, views]) => ({ row, source, views })));
  // One statement, so a failed flush (kept for the next) never leaves half of it added.
  const result = await db.query<{ written: number }>(
    `WITH written AS (
     INSERT INTO listing_insights AS li
       (event_id, day, views, qr_scans, shares, calendar_adds, ticket_clicks, visitors)
     SELECT t.event_id, t.day, t.views, t.qr_scans, t.shares, t.calendar_adds, t.ticket_clicks, t.visitors
     FROM unnest($1::bigint[], $2::date[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[])
       AS t (event_id, day, views, qr_scans, shares, calendar_adds, ticket_clicks, visitors)
     JOIN events e ON e.id = t.event_id AND e.status <> 'draft'
     ON CONFLICT (event_id, day) DO UPDATE SET
       views = li.views + EXCLUDED.views,
       qr_scans = li.qr_scans + EXCLUDED.qr_scans,
       shares = li.shares + EXCLUDED.shares,
       calendar_adds = li.calendar_adds + EXCLUDED.calendar_adds,
       ticket_clicks = li.ticket_clicks + EXCLUDED.ticket_clicks,
       visitors = li.visitors + EXCLUDED.visitors
     RETURNING 1),
     sourced AS (
     INSERT INTO listing_insight_sources AS s (event_id, day, source, views)
     SELECT t.event_id, t.day, t.source, t.views
     FROM unnest($9::bigint[], $10::date[], $11::text[], $12::int[]) AS t (event_id, day, source, views)
     JOIN events e ON e.id = t.event_id AND e.status <> 'draft'
     ON CONFLICT (event_id, day, source) DO UPDATE SET views = s.views + EXCLUDED.views)
     SELECT count(*)::int AS written FROM written`,
    [
      rows.map((row) => row.eventId),
      rows.map((row) => row.day),
      ...INSIGHT_COLUMNS.map(column),
      rows.map((row) => row.visitors),
      sources.map((entry) => entry.row.eventId),
      sources.map((entry) => entry.row.day),
      sources.map((entry) => entry.source),
      sources.map((entry) => entry.views),
    ],
  );
  return Number(result.rows[0]?.written ?? 0);
}

/**
 * Views per source of a listing from `since` (inclusive), most first; a
 * tagged link's key is answered as its label (a link deleted since, as `other`).
 */
export async function sourceViews(
  db: Queryable,
  eventId: number,
  since: string,
): Promise<{ source: string; views: number }[]> {
  const result = await db.query<{ source: string; views: number }>(
    `SELECT CASE WHEN s.source LIKE 'link:%' THEN coalesce(l.label, 'other')
                 WHEN s.source LIKE 'host:%' THEN substr(s.source, 6)
                 ELSE s.source END AS source,
            sum(s.views)::int AS views
     FROM listing_insight_sources s
     LEFT JOIN event_links l ON l.event_id = s.event_id AND s.source = 'link:' || l.slug
     WHERE s.event_id = $1 AND s.day >= $2::date
     GROUP BY 1
     ORDER BY 2 DESC, 1`,
    [eventId, since],
  );
  return result.rows.map((row) => ({ source: row.source, views: Number(row.views) }));
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
  const result = await db.query<
    { owned: boolean; date: string | null; visitors: number | null } & Record<InsightColumn, number | null>
  >(
    `SELECT true AS owned, to_char(li.day, 'YYYY-MM-DD') AS date,
            li.views, li.qr_scans, li.shares, li.calendar_adds, li.ticket_clicks, li.visitors
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
            visitors: Number(row.visitors),
          },
        ],
  );
}

export async function deleteInsightsBefore(db: Queryable, day: string): Promise<void> {
  await db.query('DELETE FROM listing_insights WHERE day < $1::date', [day]);
  await db.query('DELETE FROM listing_insight_sources WHERE day < $1::date', [day]);
}
