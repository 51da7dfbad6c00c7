/**
 * The `<link rel="alternate">`s of the public pages (contract §11): every
 * event, promoter and venue page names its oEmbed description, and a page
 * that lists events names its calendar and Atom feeds.
 */
import { API_PREFIX, apiRoutes } from '../../src/shared/contract/api-routes.ts';
import { promoterAtomPath, promoterFeedPath } from '../../src/shared/contract/promoter-url.ts';
import type { AlternateLink } from './listing-document.ts';

/** Absolute: the oEmbed answer for the page at `pageUrl` (absolute). */
export function oembedHref(origin: string, pageUrl: string): string {
  return `${origin}${API_PREFIX}${apiRoutes.oembed}?url=${encodeURIComponent(pageUrl)}&format=json`;
}

export function eventPageAlternates(origin: string, pageUrl: string, title: string): AlternateLink[] {
  return [{ type: 'application/json+oembed', href: oembedHref(origin, pageUrl), title }];
}

export function listPageAlternates(origin: string, pageUrl: string, displayName: string): AlternateLink[] {
  return [
    { type: 'text/calendar', href: origin + promoterFeedPath(displayName), title: `${displayName}: calendar` },
    { type: 'application/atom+xml', href: origin + promoterAtomPath(displayName), title: `${displayName}: events` },
    { type: 'application/json+oembed', href: oembedHref(origin, pageUrl), title: displayName },
  ];
}
