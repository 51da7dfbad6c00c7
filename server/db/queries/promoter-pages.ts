/**
 * SQL reads of the promoter and venue pages (`/p/{display_name}` and its
 * `.ics` feed): the account a public name belongs to now (public_names), the
 * account that gave a name up lately (for the 301), and the account's upcoming listings — capped,
 * so 500 events cost one bounded index range read, not 500 renders.
 */
import { displayNameKey } from '../../../src/shared/contract/name-key.ts';
import type { Queryable } from '../client.ts';
import { eventDocument } from './event-document.ts';

export interface PublicAccountRow {
  id: string;
  display_name: string;
  user_type: string;
  bio: string;
  /** Absolute URL, or null. */
  profile_image: string | null;
}

/**
 * The verified account whose public name is `name`, read through its key (case
 * and look-alike letters folded: public-names.ts), so one name leads to one
 * account whatever others call themselves. `display_name` is the name as held.
 */
export async function accountByDisplayName(
  db: Queryable,
  name: string,
  mediaBase: string,
): Promise<PublicAccountRow | null> {
  const result = await db.query<PublicAccountRow>(
    `SELECT u.id::text AS id, p.display_name, u.user_type, u.bio,
            CASE WHEN u.profile_image IS NULL THEN NULL ELSE $2 || u.profile_image END AS profile_image
       FROM public_names p JOIN users u ON u.id = p.user_id
      WHERE p.name_key = $1 AND p.released_at IS NULL AND u.verified_at IS NOT NULL`,
    [displayNameKey(name), mediaBase],
  );
  return result.rows[0] ?? null;
}

/** The current public name of the account that gave `name` up after `since` (ISO), or null. */
export async function renamedDisplayName(db: Queryable, name: string, since: string): Promise<string | null> {
  const result = await db.query<{ display_name: string }>(
    `SELECT cur.display_name
       FROM public_names old
       JOIN public_names cur ON cur.user_id = old.user_id AND cur.released_at IS NULL
       JOIN users u ON u.id = old.user_id AND u.verified_at IS NOT NULL
      WHERE old.name_key = $1 AND old.released_at > $2::timestamptz`,
    [displayNameKey(name), since],
  );
  return result.rows[0]?.display_name ?? null;
}

export interface UpcomingListings {
  /** event_document() of each listing as JSON text: the ongoing ones first, then by date and time. */
  bodies: string[];
  /** How many there are in all (may exceed bodies.length). */
  total: number;
}

/**
 * The account's published listings still to come on `today` (YYYY-MM-DD in
 * the listings' zone): the business listing first, then weekly series that
 * have not ended, then dated events whose last day is today or later, by
 * date; at most `limit`. Drafts are their owner's alone.
 */
export async function upcomingListings(
  db: Queryable,
  userId: number,
  today: string,
  limit: number,
  mediaBase: string,
): Promise<UpcomingListings> {
  // The count is an uncorrelated subquery (run once); documents are built for the capped rows only.
  const upcoming = `e.user_id = $1 AND e.status <> 'draft'
    AND (e.is_recurring AND (e.end_date IS NULL OR e.end_date >= $2::date) OR coalesce(e.end_date, e.start_date) >= $2::date)`;
  const result = await db.query<{ body: string; total: string }>(
    `SELECT ${eventDocument('e', '$4')}::text AS body,
            (SELECT count(*) FROM events e WHERE ${upcoming})::text AS total
       FROM (SELECT * FROM events e WHERE ${upcoming}
              ORDER BY e.is_listing DESC, e.is_recurring DESC, e.start_date, e.start_time NULLS FIRST, e.id
              LIMIT $3) e
      ORDER BY e.is_listing DESC, e.is_recurring DESC, e.start_date, e.start_time NULLS FIRST, e.id`,
    [userId, today, limit, mediaBase],
  );
  return {
    bodies: result.rows.map((row) => row.body),
    total: Number(result.rows[0]?.total ?? 0),
  };
}

export interface SitemapAccountRow {
  display_name: string;
  /** ISO 8601 in UTC: the newest edit of the account's listings. */
  updated_at: string;
}

/**
 * Accounts with listings, for the sitemap: each at its public name (accounts
 * without one have no page), most recently edited first, at most `limit`.
 */
export async function sitemapAccounts(db: Queryable, limit = 900): Promise<SitemapAccountRow[]> {
  const result = await db.query<SitemapAccountRow>(
    `SELECT p.display_name,
            to_char(max(e.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
       FROM public_names p
       JOIN users u ON u.id = p.user_id
       JOIN events e ON e.user_id = u.id
      WHERE p.released_at IS NULL AND u.verified_at IS NOT NULL AND e.status <> 'draft'
      GROUP BY p.display_name
      ORDER BY max(e.updated_at) DESC
      LIMIT $1`,
    [limit],
  );
  return result.rows;
}
