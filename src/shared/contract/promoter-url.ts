/**
 * The public address of an account's page (contract §10): `/p/{display_name}`
 * and its calendar feed `/p/{display_name}.ics`. Display names may contain
 * dots (`sam.nights`), so a feed is told apart by its ending alone: `.ics`, or
 * `.atom` for the Atom feed (contract §11).
 * Server and dashboard both build the path here.
 */

/** After a display name changes, its old `/p/` link answers 301 to the new one for this long. */
export const RENAMED_LINK_DAYS = 90;

/** The path of an account's public page. */
export function promoterPath(displayName: string): string {
  return `/p/${encodeURIComponent(displayName)}`;
}

/** The path of an account's calendar feed. */
export function promoterFeedPath(displayName: string): string {
  return `${promoterPath(displayName)}.ics`;
}

/** The path of an account's Atom feed (RFC 4287): one entry per upcoming published event. */
export function promoterAtomPath(displayName: string): string {
  return `${promoterPath(displayName)}.atom`;
}

/** Matches an account's page path (not its `.ics` feed); group 1 is the name as written in the URL. */
export const PROMOTER_PAGE_PATTERN = /^\/p\/([^/]+)$/;

export function isPromoterPagePath(path: string): boolean {
  return PROMOTER_PAGE_PATTERN.test(path) && !path.endsWith('.ics') && !path.endsWith('.atom');
}
