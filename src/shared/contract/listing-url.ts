/**
 * The public address of a listing (contract §7): `/e/{id}/{slug}`. The id
 * finds the record; the slug is only for people and search engines, so a
 * renamed event keeps working links (a stale slug is redirected, not refused).
 * Server, dashboard and service worker all build the path here.
 */

/** Longest slug, in characters; titles run to 200, links should not. */
const MAX_SLUG_LENGTH = 60;

/** "Rooftop Jazz & Soul — Café" → "rooftop-jazz-soul-cafe"; "listing" when nothing is left. */
export function listingSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'listing';
}

/** The path of a listing's public page. */
export function listingPath(id: number, title: string): string {
  return `/e/${id}/${listingSlug(title)}`;
}

/** Matches a public page path; group 1 is the id, group 2 the slug (may be empty). */
export const LISTING_PATH_PATTERN = /^\/e\/(\d{1,15})(?:\/([^/]*))?\/?$/;
