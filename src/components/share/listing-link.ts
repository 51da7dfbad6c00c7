/**
 * The public address of a dashboard record, or null while it has none: a
 * listing created offline has a temporary outbox target (`event:tmp-…`) until
 * the outbox has sent it, and only then an id the public page knows.
 */
import { listingPath } from '../../shared/contract/listing-url.ts';

/** The numeric id of an `event:12` target; null for `event:tmp-…`. */
export function publishedId(target: string): number | null {
  const match = /^event:(\d+)$/.exec(target);
  return match ? Number(match[1]) : null;
}

/** Absolute URL of the public page, on the origin the dashboard itself was reached at. */
export function publicListingUrl(target: string, title: string, origin = window.location.origin): string | null {
  const id = publishedId(target);
  return id === null ? null : origin + listingPath(id, title);
}

/**
 * The public URL as the QR poster encodes it (`?src=qr`) or the Share button
 * sends it (`?src=share`), so the listing's insights can tell those visits
 * apart (contract §10); the page drops the mark from the address bar.
 */
export function withSource(url: string, source: 'qr' | 'share'): string {
  return `${url}${url.includes('?') ? '&' : '?'}src=${source}`;
}
