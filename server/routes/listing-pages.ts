/**
 * Public pages outside the API: `/e/{id}/{slug}` for every event and business
 * listing (contract §7), and the sitemap and robots.txt (./sitemap.ts).
 * Absolute URLs come from PUBLIC_URL, never from the request's Host.
 *
 * Caching: a page is rendered per request (a few milliseconds) — a feed's
 * answer is kept rendered per process for at most 5 s (services/rendered-cache.ts) — and tagged
 * with a hash of its bytes, so `If-None-Match` answers 304 and a CDN may hold
 * a copy for 5 s (`s-maxage`) — an edit shows within seconds — while browsers
 * revalidate every time. A wrong slug answers 301 to the canonical address.
 *
 * `/e/{id}.ics` is the event for a calendar ("Add to calendar"); `/p/{name}`
 * an account's page of upcoming listings and `/p/{name}.ics` its feed
 * (contract §10), `/p/{name}.atom` the same as Atom (contract §11), capped at PAGE_LIMIT / FEED_LIMIT listings so a promoter
 * with the maximum 500 events costs one bounded read. A renamed account's
 * old name answers 301 for RENAMED_LINK_DAYS. Pages and feeds are tagged by
 * a hash of their bytes; a /p/ page's Last-Modified is informative only,
 * since a deleted event or a day passing changes the page without moving
 * any timestamp forward — so only `If-None-Match` earns a 304 there.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { brand } from '../../src/brand.ts';
import { listingChange, listingFromRecord } from '../../src/components/listing/listing-model.ts';
import { eventTimeZone } from '../../src/components/listing/event-zone.ts';
import { EventSchema, type EventRecord } from '../../src/shared/contract/event.ts';
import { LISTING_PATH_PATTERN, listingPath, listingSlug } from '../../src/shared/contract/listing-url.ts';
import type { ApiEnv, Services } from '../context.ts';
import { calendarAddHref, isCalendarAdd } from '../http/calendar-add.ts';
import { clientIp } from '../http/client-ip.ts';
import { MEDIA_PATH } from '../http/urls.ts';
import type { InsightsCounter } from '../services/insights-counter.ts';
import { eventDateTimes, listingJsonLd, scriptSafeJson } from '../pages/listing-json-ld.ts';
import { ATOM_CONTENT_TYPE, atomFeed, type AtomEntry } from '../pages/atom-feed.ts';
import { eventPageAlternates, listPageAlternates } from '../pages/page-alternates.ts';
import { formatDay } from '../../src/components/listing/listing-time.ts';
import type { ListingMicroformat } from '../../src/components/listing/listing-view.tsx';
import { listingDocument, notFoundDocument } from '../pages/listing-document.ts';
import { requestLocale } from '../pages/request-locale.ts';
import { publicListing, type PublicListingRow } from '../db/queries/listings.ts';
import { approvedVenueOf, whatsOnAt } from '../db/queries/venue-requests.ts';
import {
  accountByDisplayName,
  renamedDisplayName,
  upcomingListings,
  type PublicAccountRow as PromoterAccount,
} from '../db/queries/promoter-pages.ts';
import { renderedCache, type Rendered } from '../services/rendered-cache.ts';
import { CALENDAR_CONTENT_TYPE, calendarText, hasCalendarTime, type CalendarEntry } from '../pages/calendar-ics.ts';
import { promoterDocument, type PromoterPageItem } from '../pages/promoter-document.ts';
import { isValidDisplayName, MAX_DISPLAY_NAME_LENGTH } from '../../src/shared/contract/auth.ts';
import {
  promoterAtomPath,
  promoterFeedPath,
  promoterPath,
  RENAMED_LINK_DAYS,
} from '../../src/shared/contract/promoter-url.ts';
import { sitemapRoutes } from './sitemap.ts';

/** CDNs may keep a page 5 s; browsers always ask again (a 304 when unchanged). */
export const LISTING_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, must-revalidate';

const HTML = 'text/html; charset=utf-8';

/** Listings a /p/ page shows, and its feed holds (an account has at most 500). */
export const PAGE_LIMIT = 50;
export const FEED_LIMIT = 200;
/** Characters of each description in a feed (a description may have 5,000); the event's page has the rest. */
const FEED_DESCRIPTION_LIMIT = 300;

/** Approved upcoming events a venue's page lists under What's on. */
export const WHATS_ON_LIMIT = 30;

const ICS_PATH_PATTERN = /^\/e\/(\d{1,15})\.ics$/;
const PROMOTER_PATH_PATTERN = /^\/p\/([^/]+?)(\.ics|\.atom)?\/?$/;
/** The `/p/` addresses of feeds, whose answers are kept a few seconds (services/rendered-cache.ts). */
const FEED_PATH_PATTERN = /^\/p\/[^/]+?\.(?:ics|atom)\/?$/;

/** What a `/p/` address asks for: the page, its calendar feed or its Atom feed. */
type PromoterView = 'page' | 'ics' | 'atom';

function promoterViewPath(view: PromoterView, displayName: string): string {
  if (view === 'ics') return promoterFeedPath(displayName);
  if (view === 'atom') return promoterAtomPath(displayName);
  return promoterPath(displayName);
}

export interface ListingPageOptions {
  /** Module scripts the page loads (the built offline helper); none in tests without a build. */
  scripts?: readonly string[];
  /** Counts calendar adds (`/e/{id}.ics` from the page's button) for the listing's insights. */
  insights?: InsightsCounter;
}

/** The change a link preview must show first (a shared link outlives the plan): "Cancelled: …". */
function changePrefix(record: EventRecord): string {
  const change = listingChange(record);
  return change ? `${change.label}: ` : '';
}

function description(record: EventRecord, when: string | null): string {
  const change = listingChange(record);
  if (change?.note) return change.note.replace(/\s+/g, ' ').slice(0, 160);
  const text = record.bio.trim().replace(/\s+/g, ' ');
  if (text) return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  return [when, record.location_name].filter(Boolean).join(' · ') || `${record.title} on ${brand.name}`;
}

function organizerOf(row: PublicListingRow, origin: string) {
  return {
    name: row.organizer_name || brand.name,
    type: row.organizer_type === 'business' ? ('Organization' as const) : ('Person' as const),
    url: row.organizer_page ? origin + promoterPath(row.organizer_page) : null,
  };
}

/** An event's h-event data (contract §11); none for a business listing or a date no calendar holds. */
export function listingMicroformat(record: EventRecord, url: string, now: Date): ListingMicroformat | null {
  const times = eventDateTimes(record, eventTimeZone(record), now);
  return times ? { url, start: times.start, end: times.end } : null;
}

/** Answers 304 when the client's copy is current; `lastModified` null: by ETag only. */
function notModified(c: Context, etag: string, lastModified: Date | null): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) return ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
  if (!lastModified) return false;
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/** When the newest of `records` last changed, or null for none. */
function newestChange(records: readonly EventRecord[]): Date | null {
  const newest = records.reduce((max, record) => Math.max(max, Date.parse(record.updated_at)), 0);
  return newest ? new Date(newest) : null;
}

export function listingPageRoutes(services: Services, options: ListingPageOptions = {}): Hono<ApiEnv> {
  const { db, config } = services;
  const origin = config.publicUrl;
  const scripts = options.scripts ?? [];
  const router = new Hono<ApiEnv>();

  const { clock } = services;
  const notFound = (c: Context, what: 'listing' | 'page' = 'listing') => send(c, notFoundAnswer(what));
  /** Rendered feeds, by address: one read per feed every few seconds however many readers poll it. */
  const feeds = renderedCache({ name: 'feeds', now: () => clock.now() });

  // The caller's address bucket, for what one address may add to a listing's insights.
  router.use('/e/*', clientIp({ trustProxy: config.trustProxy, hops: config.trustProxyHops }));
  router.get('/e/*', async (c) => {
    const ics = ICS_PATH_PATTERN.exec(c.req.path);
    if (ics) return eventCalendar(c, Number(ics[1]));
    const match = LISTING_PATH_PATTERN.exec(c.req.path);
    const id = match ? Number(match[1]) : NaN;
    if (!Number.isSafeInteger(id)) return notFound(c);
    const row = await publicListing(db, id, origin + MEDIA_PATH);
    if (!row) return notFound(c);
    const record = v.parse(EventSchema, JSON.parse(row.body));
    const path = listingPath(record.id, record.title);
    if (c.req.path !== path) {
      // The query goes along: a poster's `?src=qr` still counts as a scan on the canonical page.
      const query = new URL(c.req.url).search;
      return c.body(null, 301, { Location: origin + path + query, 'Cache-Control': LISTING_CACHE_CONTROL });
    }
    const canonical = origin + path;
    const locale = requestLocale(c.req.header('accept-language'));
    const zone = eventTimeZone(record);
    const listing = listingFromRecord(record, zone, locale, new Date(clock.now()));
    const { venue, whatsOn } = await venueParts(record, locale);
    const image = record.cover_image ?? `${origin}/icons/og-image.png`;
    const jsonLd = listingJsonLd(record, {
      url: canonical,
      images: [image],
      timeZone: zone,
      organizer: organizerOf(row, origin),
      now: new Date(clock.now()),
      venue: venue && {
        name: venue.title,
        url: origin + venue.href,
        address: venue.location_name,
        latitude: venue.latitude,
        longitude: venue.longitude,
        street_address: venue.street_address,
        postal_code: venue.postal_code,
        locality: venue.locality,
        country_code: venue.country_code,
      },
    });
    const html = listingDocument(
      listing,
      {
        title: `${changePrefix(record)}${record.title} — ${brand.name}`,
        description: description(record, listing.when),
        canonical,
        image,
        jsonLd: scriptSafeJson(jsonLd),
        alternates: eventPageAlternates(origin, canonical, record.title),
      },
      scripts,
      {
        microformat: listingMicroformat(record, canonical, new Date(clock.now())),
        calendar: calendarEntry(record) ? calendarAddHref(record.id) : null,
        organizer: row.organizer_page ? { name: row.organizer_page, href: promoterPath(row.organizer_page) } : null,
        venue,
        whatsOn,
      },
    );
    // Dates are written in the reader's language. A venue's answer or its
    // What's on changes the page without moving its updated_at: by ETag only.
    const byDate = !venue && !whatsOn;
    return cached(c, html, HTML, new Date(record.updated_at), byDate, { Vary: 'Accept-Language' });
  });

  /**
   * Venue approval (contract §10): an approved event's venue ("at {venue}"),
   * and a business listing's approved upcoming events ("What's on").
   */
  async function venueParts(record: EventRecord, locale: string | undefined) {
    const now = new Date(clock.now());
    const found = record.venue_status === 'approved' ? await approvedVenueOf(db, record.id) : null;
    const venue = found && { ...found, href: listingPath(Number(found.id), found.title) };
    if (!record.is_listing) return { venue, whatsOn: null };
    const bodies = await whatsOnAt(db, record.id, today(), WHATS_ON_LIMIT, origin + MEDIA_PATH, true);
    const whatsOn = bodies.map((body) => {
      const event = v.parse(EventSchema, JSON.parse(body));
      const view = listingFromRecord(event, eventTimeZone(event), locale, now);
      const when = view.schedule
        ? [view.schedule.text, ...view.schedule.next.slice(0, 1).map((d) => `next ${d}`)].join(' · ')
        : (view.when ?? '');
      return { title: event.title, when, href: listingPath(event.id, event.title) };
    });
    return { venue, whatsOn };
  }

  /** `/e/{id}.ics`: one event for a calendar. */
  async function eventCalendar(c: Context<ApiEnv>, id: number) {
    const row = await publicListing(db, id, origin + MEDIA_PATH);
    if (!row) return notFound(c);
    const record = v.parse(EventSchema, JSON.parse(row.body));
    const entry = calendarEntry(record);
    if (!entry) return notFound(c);
    const ics = calendarText([entry], { host: new URL(origin).host, timeZone: brand.timeZone });
    // Only the page's button counts (http/calendar-add.ts); the owner's own cannot be told apart (no token on a link).
    if (options.insights && isCalendarAdd(c))
      options.insights.count(id, 'calendar_adds', c.get('ip'), [], c.req.header('user-agent') ?? '');
    return cached(c, ics, CALENDAR_CONTENT_TYPE, new Date(record.updated_at), true, {
      'Content-Disposition': `attachment; filename="${listingSlug(record.title)}.ics"`,
    });
  }

  function calendarEntry(record: EventRecord): CalendarEntry | null {
    const entry: CalendarEntry = {
      record,
      url: origin + listingPath(record.id, record.title),
      weekly: isWeeklySeries(record),
      // A series with no start date starts the day it was created: its DTSTART never moves.
      seriesFrom: record.created_at.slice(0, 10),
    };
    return !record.is_listing && hasCalendarTime(entry) ? entry : null;
  }

  /** Today's date where the listings happen (YYYY-MM-DD). */
  function today(): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone: brand.timeZone }).format(new Date(clock.now()));
  }

  /** Where a `/p/` address leads: an answer already (404, 301) or an account and the view asked for. */
  async function resolvePromoter(
    path: string,
  ): Promise<{ answer: Rendered } | { account: PromoterAccount; view: PromoterView; canonicalPath: string }> {
    const match = PROMOTER_PATH_PATTERN.exec(path);
    let name = match ? decodedSegment(match[1]!) : null;
    if (!name || name.length > MAX_DISPLAY_NAME_LENGTH || !isValidDisplayName(name)) {
      return { answer: notFoundAnswer('page') };
    }
    let view: PromoterView = match![2] === '.ics' ? 'ics' : match![2] === '.atom' ? 'atom' : 'page';
    let account = await accountByDisplayName(db, name, origin + MEDIA_PATH);
    if (!account && view === 'atom') {
      // Names may contain dots: "news.atom" is someone's page when nobody is called "news".
      const whole = decodedSegment(match![1]! + match![2]!);
      account = whole ? await accountByDisplayName(db, whole, origin + MEDIA_PATH) : null;
      if (account) [name, view] = [whole!, 'page'];
    }
    if (!account) {
      const since = new Date(clock.now() - RENAMED_LINK_DAYS * 86_400_000).toISOString();
      const current = await renamedDisplayName(db, name, since);
      if (!current) return { answer: notFoundAnswer('page') };
      return { answer: redirectAnswer(origin + promoterViewPath(view, current)) };
    }
    const canonicalPath = promoterViewPath(view, account.display_name);
    if (path !== canonicalPath) return { answer: redirectAnswer(origin + canonicalPath) };
    return { account, view, canonicalPath };
  }

  /**
   * A `/p/{name}.ics` or `.atom` answer as sent, or null when the address is a
   * page after all (a name ending in ".atom"). Kept in `feeds`, so a popular
   * feed costs one read per RENDERED_MAX_AGE_MS.
   */
  async function feedAnswer(path: string): Promise<Rendered | null> {
    const resolved = await resolvePromoter(path);
    if ('answer' in resolved) return resolved.answer;
    const { account, view } = resolved;
    if (view === 'page') return null;
    const upcoming = await upcomingListings(db, Number(account.id), today(), FEED_LIMIT, origin + MEDIA_PATH);
    const records = upcoming.bodies.map((body) => v.parse(EventSchema, JSON.parse(body)));
    const lastModified = newestChange(records);
    if (view === 'atom')
      return rendered(atomText(account.display_name, records), ATOM_CONTENT_TYPE, lastModified, false);
    const entries = records.flatMap((record) => calendarEntry(record) ?? []);
    const ics = calendarText(entries, {
      host: new URL(origin).host,
      timeZone: brand.timeZone,
      name: `${account.display_name} on ${brand.name}`,
      descriptionLimit: FEED_DESCRIPTION_LIMIT,
    });
    return rendered(ics, CALENDAR_CONTENT_TYPE, lastModified, false);
  }

  router.get('/p/*', async (c) => {
    const path = c.req.path;
    if (FEED_PATH_PATTERN.test(path)) {
      const feed = await feeds.get(path, () => feedAnswer(path));
      if (feed) return send(c, feed);
    }
    const resolved = await resolvePromoter(path);
    if ('answer' in resolved) return send(c, resolved.answer);
    const { account, canonicalPath } = resolved;
    const upcoming = await upcomingListings(db, Number(account.id), today(), PAGE_LIMIT, origin + MEDIA_PATH);
    const records = upcoming.bodies.map((body) => v.parse(EventSchema, JSON.parse(body)));
    const lastModified = newestChange(records);

    const canonical = origin + canonicalPath;
    const now = new Date(clock.now());
    const items: PromoterPageItem[] = records.map((record) => ({
      record,
      path: listingPath(record.id, record.title),
      business: record.is_listing,
      microformat: listingMicroformat(record, origin + listingPath(record.id, record.title), now),
    }));
    const venueListing = records.find((record) => record.is_listing);
    const whatsOn = venueListing
      ? (await whatsOnAt(db, venueListing.id, today(), WHATS_ON_LIMIT, origin + MEDIA_PATH, false)).map((body) => {
          const record = v.parse(EventSchema, JSON.parse(body));
          const path = listingPath(record.id, record.title);
          return { record, path, business: false, microformat: listingMicroformat(record, origin + path, now) };
        })
      : [];
    const description =
      account.bio.trim().replace(/\s+/g, ' ').slice(0, 160) ||
      `Upcoming events by ${account.display_name} on ${brand.name}.`;
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: `${account.display_name} on ${brand.name}`,
      url: canonical,
      numberOfItems: items.length,
      itemListElement: items.map((item, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: origin + item.path,
        name: item.record.title,
      })),
    };
    const html = promoterDocument(
      {
        displayName: account.display_name,
        bio: account.bio,
        items,
        total: upcoming.total,
        feedPath: promoterFeedPath(account.display_name),
        subscribeHref: `webcal://${new URL(origin).host}${promoterFeedPath(account.display_name)}`,
        atomPath: promoterAtomPath(account.display_name),
        now,
        locale: requestLocale(c.req.header('accept-language')),
        whatsOn,
      },
      {
        title: `${account.display_name} — ${brand.name}`,
        description,
        canonical,
        image: account.profile_image ?? `${origin}/icons/og-image.png`,
        jsonLd: scriptSafeJson(jsonLd),
        alternates: listPageAlternates(origin, canonical, account.display_name),
      },
      scripts,
    );
    return cached(c, html, HTML, lastModified, false, { Vary: 'Accept-Language' });
  });

  /** The Atom feed (contract §11): the account's upcoming events, its business listing left out. */
  function atomText(displayName: string, records: readonly EventRecord[]): string {
    const now = new Date(clock.now());
    const entries: AtomEntry[] = records
      .filter((record) => !record.is_listing)
      .map((record) => {
        const view = listingFromRecord(record, eventTimeZone(record), undefined, now);
        return {
          record,
          url: origin + listingPath(record.id, record.title),
          id: `${origin}/e/${record.id}`,
          when: view.schedule ? view.schedule.text : (view.when ?? ''),
          previousDate:
            record.status === 'published' && record.previous_start_date ? formatDay(record.previous_start_date) : null,
          scheme: `${origin}/p/`,
        };
      });
    return atomFeed(
      {
        title: `${displayName} on ${brand.name}`,
        selfUrl: origin + promoterAtomPath(displayName),
        pageUrl: origin + promoterPath(displayName),
        author: displayName,
        summaryLimit: FEED_DESCRIPTION_LIMIT,
      },
      entries,
    );
  }

  router.route('/', sitemapRoutes(services));

  return router;
}

/**
 * A weekly series (contract §10): `is_recurring` on a record that is not a
 * business's listing. The listing (opening hours) is not an event.
 */
function isWeeklySeries(record: EventRecord): boolean {
  return record.is_recurring && !record.is_listing;
}

/**
 * The body with its validators: ETag = hash of the bytes (the same on every
 * instance, so an edit shows at once anywhere), Last-Modified when known;
 * `trustDate` says whether If-Modified-Since alone may answer 304.
 */
export function rendered(
  body: string,
  contentType: string,
  lastModified: Date | null,
  trustDate: boolean,
  extra: Record<string, string> = {},
): Rendered {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers: Record<string, string> = {
    'Cache-Control': LISTING_CACHE_CONTROL,
    ETag: etag,
    ...extra,
    'Content-Type': contentType,
  };
  if (lastModified) headers['Last-Modified'] = lastModified.toUTCString();
  return { status: 200, body, headers, etag, trustedDate: trustDate ? lastModified : null };
}

/** The "not found" page (404). */
export function notFoundAnswer(what: 'listing' | 'page'): Rendered {
  return {
    status: 404,
    body: notFoundDocument(what),
    headers: { 'Content-Type': HTML, 'Cache-Control': LISTING_CACHE_CONTROL },
    etag: null,
    trustedDate: null,
  };
}

/** A permanent move to `location` (a canonical address). */
export function redirectAnswer(location: string): Rendered {
  return {
    status: 301,
    body: null,
    headers: { Location: location, 'Cache-Control': LISTING_CACHE_CONTROL },
    etag: null,
    trustedDate: null,
  };
}

/** Sends an answer, or 304 (its validators without a body) when the client's copy is current. */
export function send(c: Context, answer: Rendered) {
  if (answer.status === 200 && answer.etag && notModified(c, answer.etag, answer.trustedDate)) {
    const { 'Content-Type': _type, ...headers } = answer.headers;
    return c.body(null, 304, headers);
  }
  return answer.body === null
    ? c.body(null, answer.status, answer.headers)
    : c.body(answer.body, answer.status, answer.headers);
}

/** Renders and sends `body` (pages answered afresh every time). */
export function cached(
  c: Context,
  body: string,
  contentType: string,
  lastModified: Date | null,
  trustDate: boolean,
  extra: Record<string, string> = {},
) {
  return send(c, rendered(body, contentType, lastModified, trustDate, extra));
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
