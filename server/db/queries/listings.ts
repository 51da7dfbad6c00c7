/**
 * SQL reads of listings across accounts: the public listing pages
 * (`/e/{id}/{slug}`), the sitemap and the business listings near a venue. A
 * page shows any published event or business listing to anyone (a draft is
 * its owner's alone: not found here), so these reads take no user id; pages get the same event_document() the API returns, plus the
 * organiser's public name and the address of their business listing.
 */
import type { Queryable } from '../client.ts';
import { eventDocument } from './event-document.ts';

export interface PublicListingRow {
  /** event_document() as JSON text. */
  body: string;
  organizer_name: string;
  organizer_type: string;
  /** The organiser's display name (their `/p/` page), or null when they have none. */
  organizer_page: string | null;
  /** Id and title of the organiser's business listing, when they have one. */
  business_id: string | null;
  business_title: string | null;
}

export async function publicListing(db: Queryable, id: number, mediaBase: string): Promise<PublicListingRow | null> {
  const result = await db.query<PublicListingRow>(
    `SELECT ${eventDocument('e', '$2')}::text AS body,
            coalesce(nullif(u.display_name, ''), nullif(u.full_name, ''), '') AS organizer_name,
            u.user_type AS organizer_type,
            -- The "by …" link goes to the organizer's own public name only, never to a namesake's page.
            (SELECT p.display_name FROM public_names p WHERE p.user_id = u.id AND p.released_at IS NULL)
              AS organizer_page,
            b.id::text AS business_id, b.title AS business_title
       FROM events e
       JOIN users u ON u.id = e.user_id
       LEFT JOIN events b ON b.user_id = e.user_id AND b.is_listing AND b.status = 'published'
      WHERE e.id = $1 AND e.status <> 'draft'`,
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
 * The published listings with the newest edits, at most `limit` (one build of
 * the sitemap holds them all), in id order: a new listing comes last, so the
 * sitemap's files before it keep their bytes and their ETags.
 */
export async function sitemapListings(db: Queryable, limit = 49_000): Promise<SitemapRow[]> {
  const result = await db.query<SitemapRow>(
    `SELECT id::text AS id, title,
            to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
       FROM (SELECT id, title, updated_at FROM events WHERE status <> 'draft'
              ORDER BY updated_at DESC, id DESC LIMIT $1) newest
      ORDER BY newest.id`,
    [limit],
  );
  return result.rows;
}

export interface VenueNear {
  /** The venue as typed ("Café Nero, High St"). */
  venue: string;
  /** Its name alone, before the first comma. */
  venueName: string;
  lat: number;
  lng: number;
  radiusM: number;
}

/**
 * Business listings within `radiusM` of the point whose title matches the
 * venue, nearest first, as a JSON array.
 */
export async function matchingBusinessesJson(db: Queryable, near: VenueNear, mediaBase: string): Promise<string> {
  // A bounding box first (cheap), then the great-circle distance; names compare
  // without case or accents ("Cafe" finds "Café").
  const latSpan = near.radiusM / 111_000;
  const lngSpan = latSpan / Math.max(Math.cos((near.lat * Math.PI) / 180), 0.01);
  const result = await db.query<{ body: string }>(
    `SELECT coalesce(json_agg(json_build_object(
              'id', m.id, 'title', m.title, 'location_name', m.location_name,
              'latitude', m.latitude, 'longitude', m.longitude,
              'cover_image', CASE WHEN m.cover_image IS NULL THEN NULL ELSE $7 || m.cover_image END,
              'distance_m', round(m.distance)::int) ORDER BY m.distance), '[]')::text AS body
       FROM (SELECT e.*, 2 * 6371000 * asin(sqrt(
                power(sin(radians(e.latitude - $2) / 2), 2) +
                cos(radians($2)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - $3) / 2), 2)
              )) AS distance
               FROM events e
              WHERE e.is_listing AND e.status = 'published' AND e.latitude BETWEEN $2 - $4 AND $2 + $4
                AND e.longitude BETWEEN $3 - $5 AND $3 + $5
                AND (strpos(fold($1), fold(e.title)) > 0 OR strpos(fold(e.title), fold($6)) > 0)
            ) m
      WHERE m.distance <= $8`,
    [near.venue, near.lat, near.lng, latSpan, lngSpan, near.venueName, mediaBase, near.radiusM],
  );
  return result.rows[0]?.body ?? '[]';
}
