/**
 * The embeddable pages (contract §11): `/embed/e/{id}` frames one event,
 * `/embed/p/{name}` an account's next events. Any site may frame them (the
 * security headers open framing for these paths alone, http/security-headers.ts);
 * they set no cookie and run no script. Revalidated like the public pages
 * they come from (ETag, 304), and each rendered frame is kept per process for
 * a few seconds (services/rendered-cache.ts): a frame on a busy site costs one
 * database read per RENDERED_MAX_AGE_MS, and an edit shows on every instance
 * within that time.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { brand } from '../../src/brand.ts';
import { eventTimeZone } from '../../src/components/listing/event-zone.ts';
import { listingChange, listingFromRecord } from '../../src/components/listing/listing-model.ts';
import { isValidDisplayName, MAX_DISPLAY_NAME_LENGTH } from '../../src/shared/contract/auth.ts';
import { embedPromoterPath, EMBED_PATH_PREFIX } from '../../src/shared/contract/embed-url.ts';
import { EventSchema, type EventRecord } from '../../src/shared/contract/event.ts';
import { listingPath } from '../../src/shared/contract/listing-url.ts';
import { promoterFeedPath, promoterPath } from '../../src/shared/contract/promoter-url.ts';
import type { ApiEnv, Services } from '../context.ts';
import { publicListing } from '../db/queries/listings.ts';
import { accountByDisplayName, upcomingListings } from '../db/queries/promoter-pages.ts';
import { MEDIA_PATH } from '../http/urls.ts';
import {
  embedEventDocument,
  embedListDocument,
  embedNotFoundDocument,
  type EmbedEvent,
} from '../pages/embed-document.ts';
import { requestLocale } from '../pages/request-locale.ts';
import { renderedCache, type Rendered } from '../services/rendered-cache.ts';
import { LISTING_CACHE_CONTROL, listingMicroformat, redirectAnswer, rendered, send } from './listing-pages.ts';

/** Events an account's frame lists; its page has the rest. */
export const EMBED_LIST_LIMIT = 5;
/** Characters of an event's description a frame shows. */
const EMBED_SUMMARY_LIMIT = 160;

const HTML = 'text/html; charset=utf-8';
const EVENT_PATH = new RegExp(`^${EMBED_PATH_PREFIX}e/(\\d{1,15})/?$`);
const LIST_PATH = new RegExp(`^${EMBED_PATH_PREFIX}p/([^/]+)/?$`);

/** The words a frame shows of one event. */
function embedEvent(record: EventRecord, url: string, locale: string, now: Date): EmbedEvent {
  const view = listingFromRecord(record, eventTimeZone(record), locale, now);
  const change = listingChange(record, locale);
  const state = change ? [change.label, change.note].filter(Boolean).join(': ') : record.sold_out ? 'Sold out' : '';
  const bio = record.bio.trim().replace(/\s+/g, ' ');
  return {
    title: record.title,
    url,
    state,
    cancelled: record.status === 'cancelled',
    when: view.schedule ? view.schedule.text : (view.when ?? view.hours.join(' · ')),
    place: record.location_name,
    summary: bio.length > EMBED_SUMMARY_LIMIT ? `${bio.slice(0, EMBED_SUMMARY_LIMIT - 1).trimEnd()}…` : bio,
    microformat: listingMicroformat(record, url, now),
  };
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function embedPageRoutes(services: Services): Hono<ApiEnv> {
  const { db, config, clock } = services;
  const origin = config.publicUrl;
  const router = new Hono<ApiEnv>();
  /** Rendered frames by address and language: a frame on a busy site costs one read every few seconds. */
  const frames = renderedCache({ name: 'embeds', now: () => clock.now() });

  const notFound: Rendered = {
    status: 404,
    body: embedNotFoundDocument(origin),
    headers: { 'Content-Type': HTML, 'Cache-Control': LISTING_CACHE_CONTROL },
    etag: null,
    trustedDate: null,
  };

  async function eventFrame(path: string, locale: string): Promise<Rendered> {
    const match = EVENT_PATH.exec(path);
    if (!match) return notFound;
    const row = await publicListing(db, Number(match[1]), origin + MEDIA_PATH);
    if (!row) return notFound;
    const record = v.parse(EventSchema, JSON.parse(row.body));
    const url = origin + listingPath(record.id, record.title);
    const html = embedEventDocument(embedEvent(record, url, locale, new Date(clock.now())));
    return rendered(html, HTML, null, false, { Vary: 'Accept-Language' });
  }

  async function listFrame(path: string, locale: string): Promise<Rendered> {
    const match = LIST_PATH.exec(path);
    const name = match ? decodedSegment(match[1]!) : null;
    if (!name || name.length > MAX_DISPLAY_NAME_LENGTH || !isValidDisplayName(name)) return notFound;
    const account = await accountByDisplayName(db, name, origin + MEDIA_PATH);
    if (!account) return notFound;
    if (path !== embedPromoterPath(account.display_name)) {
      return redirectAnswer(origin + embedPromoterPath(account.display_name));
    }
    const now = new Date(clock.now());
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: brand.timeZone }).format(now);
    // One more than shown: the business listing, first when there is one, is not an event.
    const upcoming = await upcomingListings(db, Number(account.id), today, EMBED_LIST_LIMIT + 1, origin + MEDIA_PATH);
    const records = upcoming.bodies.map((body) => v.parse(EventSchema, JSON.parse(body)));
    const hasListing = records.some((record) => record.is_listing);
    const events = records
      .filter((record) => !record.is_listing)
      .slice(0, EMBED_LIST_LIMIT)
      .map((record) => embedEvent(record, origin + listingPath(record.id, record.title), locale, now));
    const html = embedListDocument({
      displayName: account.display_name,
      pageUrl: origin + promoterPath(account.display_name),
      subscribeHref: `webcal://${new URL(origin).host}${promoterFeedPath(account.display_name)}`,
      events,
      total: upcoming.total - (hasListing ? 1 : 0),
    });
    return rendered(html, HTML, null, false, { Vary: 'Accept-Language' });
  }

  /** The frame at the request's address, from `frames` while its copy is fresh. */
  function frame(c: Context, make: (path: string, locale: string) => Promise<Rendered>) {
    const path = c.req.path;
    const locale = requestLocale(c.req.header('accept-language'));
    return frames.get(`${path}\n${locale}`, () => make(path, locale));
  }

  router.get(`${EMBED_PATH_PREFIX}e/*`, async (c) => send(c, (await frame(c, eventFrame)) ?? notFound));
  router.get(`${EMBED_PATH_PREFIX}p/*`, async (c) => send(c, (await frame(c, listFrame)) ?? notFound));

  return router;
}
