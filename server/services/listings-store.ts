/**
 * SQL for the public listing pages (`/e/{id}/{slug}`) and the sitemap. A
 * page shows any event or business listing to anyone, so these reads take no
 * user id; they return the same event_document() the API returns, plus the
 * organiser's public name and the address of their business listing.
 */
import type { Queryable } from '../db/client.ts';

export interface PublicListingRow {
  /** event_document() as JSON text. */
  body: string;
  organizer_name: string;
  organizer_type: string;
  /** Id and title of the organiser's business listing, when they have one. */
  business_id: string | null;
  business_title: string | null;
}

export async function publicListing(db: Queryable, id: number, mediaBase: string): Promise<PublicListingRow | null> {
  const result = await db.query<PublicListingRow>(
    `SELECT event_document(e, $2)::text AS body,
            coalesce(nullif(u.display_name, ''), nullif(u.full_name, ''), '') AS organizer_name,
            u.user_type AS organizer_type,
            b.id::text AS business_id, b.title AS business_title
       FROM events e
       JOIN users u ON u.id = e.user_id
       LEFT JOIN events b ON b.user_id = e.user_id AND b.is_recurring
      WHERE e.id = $1`,
    [id, mediaBase],
  );
  return result.rows[0] ?? null;
}

export interface SitemapRow {
  id: string;
  title: string;
  /** ISO 8601 in UTC. */
  updated_at: string;
}

/**
 * Every listing, newest edit first. A sitemap file holds at most 50,000 URLs;
 * beyond that it would need an index, which this product does not reach yet.
 */
export async function sitemapListings(db: Queryable, limit = 49_000): Promise<SitemapRow[]> {
  const result = await db.query<SitemapRow>(
    `SELECT id::text AS id, title,
            to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
       FROM events ORDER BY updated_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return result.rows;
}
