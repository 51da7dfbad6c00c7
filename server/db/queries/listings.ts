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
  /** The event's place, when it has one: nearer venues come first among equal matches. */
  lat: number | null;
  lng: number | null;
  /** How far from the point a venue may be (ignored without a point). */
  radiusM: number;
  limit: number;
}

/**
 * How well a listing's title (`t`, folded) matches what was typed: 0 the same
 * name, 1 the name starts with it (or the typed text holds the whole name:
 * "Harbour Bar, Peckham"), 2 a word of the name starts with it, 3 it is inside
 * the name; no match is null. `$name` and `$typed` are folded parameters.
 */
const matchRank = (t: string, name: string, typed: string) => `CASE
    WHEN ${t} = ${name} THEN 0
    WHEN left(${t}, length(${name})) = ${name} OR (length(${t}) >= 3 AND strpos(${typed}, ${t}) > 0) THEN 1
    WHEN strpos(' ' || ${t}, ' ' || ${name}) > 0 THEN 2
    WHEN length(${name}) >= 3 AND strpos(${t}, ${name}) > 0 THEN 3
  END`;

/**
 * Published business listings whose title matches the venue, best match
 * first, then nearest to the point (within `radiusM` of it: a city and its
 * outskirts), at most `limit`, as a JSON array. Without a point, by match and
 * then title. The scan covers the published listings only (a partial index,
 * migration 039), one per business account, comparing their titles folded
 * once when written (`title_key`) with the name folded once per search.
 */
export async function matchingBusinessesJson(db: Queryable, near: VenueNear, mediaBase: string): Promise<string> {
  const hasPoint = near.lat !== null && near.lng !== null;
  const lat = near.lat ?? 0;
  const lng = near.lng ?? 0;
  // A bounding box first (cheap), then the great-circle distance; names compare
  // without case or accents ("Cafe" finds "Café").
  const latSpan = near.radiusM / 111_000;
  const lngSpan = Math.min(360, latSpan / Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  const result = await db.query<{ body: string }>(
    `SELECT coalesce(json_agg(json_build_object(
              'id', m.id, 'title', m.title, 'location_name', m.location_name,
              'latitude', m.latitude, 'longitude', m.longitude,
              'cover_image', CASE WHEN m.cover_image IS NULL THEN NULL ELSE $7 || m.cover_image END,
              'distance_m', round(m.distance)::int,
              'street_address', m.street_address, 'postal_code', m.postal_code,
              'locality', m.locality, 'country_code', m.country_code)
              ORDER BY m.rank, m.distance NULLS LAST, m.title, m.id), '[]')::text AS body
       FROM (SELECT * FROM (
               SELECT e.id, e.title, e.location_name, e.latitude, e.longitude, e.cover_image,
                      e.street_address, e.postal_code, e.locality, e.country_code,
                      ${matchRank('e.title_key', 'q.name', 'q.typed')} AS rank,
                      CASE WHEN $9 AND e.latitude IS NOT NULL AND e.longitude IS NOT NULL THEN
                        2 * 6371000 * asin(sqrt(
                          power(sin(radians(e.latitude - $2) / 2), 2) +
                          cos(radians($2)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - $3) / 2), 2)))
                      END AS distance
                 FROM events e, (SELECT fold($6) AS name, fold($1) AS typed) q
                WHERE e.is_listing AND e.status = 'published'
                  AND (NOT $9 OR (e.latitude BETWEEN $2 - $4 AND $2 + $4 AND e.longitude BETWEEN $3 - $5 AND $3 + $5))
             ) ranked
             WHERE ranked.rank IS NOT NULL AND (NOT $9 OR ranked.distance <= $8)
             ORDER BY ranked.rank, ranked.distance NULLS LAST, ranked.title, ranked.id
             LIMIT $10) m`,
    [near.venue, lat, lng, latSpan, lngSpan, near.venueName, mediaBase, near.radiusM, hasPoint, near.limit],
  );
  return result.rows[0]?.body ?? '[]';
}

export interface VenuePlaceRow {
  id: string;
  title: string;
  location_name: string;
  latitude: number;
  longitude: number;
  street_address: string;
  postal_code: string;
  locality: string;
  country_code: string;
}

const venuePlaceColumns = `e.id::text AS id, e.title, e.location_name, e.latitude, e.longitude,
  e.street_address, e.postal_code, e.locality, e.country_code`;

/**
 * Published business listings with coordinates whose name, or a word of it,
 * starts with `name` (folded by the caller's database), best match first,
 * at most `limit`: venue names typed into the place search.
 */
export async function venuePlacesByName(db: Queryable, name: string, limit: number): Promise<VenuePlaceRow[]> {
  const result = await db.query<VenuePlaceRow & { rank: number }>(
    `SELECT * FROM (
       SELECT ${venuePlaceColumns},
              CASE WHEN e.title_key = q.name THEN 0
                   WHEN left(e.title_key, length(q.name)) = q.name THEN 1
                   WHEN strpos(' ' || e.title_key, ' ' || q.name) > 0 THEN 2 END AS rank
         FROM events e, (SELECT fold($1) AS name) q
        WHERE e.is_listing AND e.status = 'published' AND e.latitude IS NOT NULL AND e.longitude IS NOT NULL
     ) v WHERE v.rank IS NOT NULL ORDER BY v.rank, v.title, v.id LIMIT $2`,
    [name, limit],
  );
  return result.rows;
}

/** A published business listing with coordinates, as a place. */
export async function venuePlaceById(db: Queryable, id: number): Promise<VenuePlaceRow | null> {
  const result = await db.query<VenuePlaceRow>(
    `SELECT ${venuePlaceColumns} FROM events e
      WHERE e.id = $1 AND e.is_listing AND e.status = 'published' AND e.latitude IS NOT NULL AND e.longitude IS NOT NULL`,
    [id],
  );
  return result.rows[0] ?? null;
}
