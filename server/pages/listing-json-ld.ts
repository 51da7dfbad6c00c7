/**
 * schema.org data for a listing page: an `Event` with the properties Google
 * documents for event rich results (name, startDate with its offset,
 * location with address and geo, image, eventStatus, eventAttendanceMode,
 * organizer, offers; a weekly series adds its eventSchedule), or a
 * `LocalBusiness` with opening hours for a business listing. It goes out as
 * `<script type="application/ld+json">`, which browsers never execute (the
 * CSP stays strict); `<` is escaped so no text can close the element.
 */
import { isoDateTime } from '../../src/components/listing/listing-time.ts';
import { nextWeeklyDates } from '../../src/shared/calendar/weekly-series.ts';
import type { EventRecord } from '../../src/shared/contract/event.ts';
import { isWithinEventYears } from '../../src/shared/contract/event-dates.ts';
import { weekdays, weekdayLabels } from '../../src/shared/contract/schedule.ts';

export interface JsonLdContext {
  /** Absolute canonical URL of the page. */
  url: string;
  /** Absolute image URLs (the cover, else the site's share image). */
  images: readonly string[];
  timeZone: string;
  organizer: { name: string; type: 'Organization' | 'Person'; url: string | null };
  /** Places a weekly series' next session (its startDate). */
  now: Date;
  /** The venue that approved the event (contract §10): the event's location is the venue's. */
  venue?:
    | ({ name: string; url: string; address: string; latitude: number | null; longitude: number | null } & Omit<
        AddressFields,
        'location_name'
      >)
    | null;
}

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

/** The address parts a listing (or its venue) keeps beside its place. */
export interface AddressFields {
  location_name: string;
  street_address?: string;
  postal_code?: string;
  locality?: string;
  country_code?: string;
}

/**
 * schema.org `PostalAddress`: `streetAddress` only when a street address was
 * given (never the district or the free-text place), the locality, postcode
 * and country. A listing saved before it had these parts says what its place
 * text does: "Peckham, England, GB" is the locality Peckham in GB.
 */
export function postalAddress(fields: AddressFields): Record<string, Json> {
  const parts = fields.location_name.split(',').map((part) => part.trim());
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  const countryFromText = /^[A-Z]{2}$/.test(last) ? last : '';
  const locality = fields.locality?.trim() || (fields.street_address?.trim() ? '' : (parts[0] ?? ''));
  const country = fields.country_code?.trim() || countryFromText;
  return {
    '@type': 'PostalAddress',
    ...(fields.street_address?.trim() ? { streetAddress: fields.street_address.trim() } : {}),
    ...(locality ? { addressLocality: locality } : {}),
    ...(fields.postal_code?.trim() ? { postalCode: fields.postal_code.trim() } : {}),
    ...(country ? { addressCountry: country } : {}),
  };
}

function place(record: EventRecord, venue?: JsonLdContext['venue']): Json {
  if (venue) {
    return {
      '@type': 'Place',
      name: venue.name,
      url: venue.url,
      address: postalAddress({ ...venue, location_name: venue.address }),
      ...(venue.latitude !== null && venue.longitude !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: venue.latitude, longitude: venue.longitude } }
        : {}),
    };
  }
  return {
    '@type': 'Place',
    name: record.location_name || record.title,
    address: postalAddress(record),
    ...(record.latitude !== null && record.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: record.latitude, longitude: record.longitude } }
      : {}),
  };
}

/**
 * What a ticket costs and where to buy it: Google's `offers` (url, price,
 * priceCurrency, availability). None when the listing has neither a price
 * nor a ticket link; the page's own URL when it has a price and no link.
 */
function offers(record: EventRecord, context: JsonLdContext): Json | undefined {
  if (record.price === null && !record.ticket_url) return undefined;
  return {
    '@type': 'Offer',
    url: record.ticket_url ?? context.url,
    ...(record.price !== null ? { price: record.price, priceCurrency: record.currency } : {}),
    availability: record.sold_out ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
  };
}

/** schema.org's word for where the event is in its life (contract §11). */
function eventStatusOf(record: EventRecord): string {
  if (record.status === 'cancelled') return 'https://schema.org/EventCancelled';
  if (record.status === 'postponed') return 'https://schema.org/EventPostponed';
  if (record.previous_start_date) return 'https://schema.org/EventRescheduled';
  return 'https://schema.org/EventScheduled';
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * ISO 8601 with the zone's offset; a stored date outside the event years goes
 * out bare, as stored: no offset or next day is computed from it.
 */
function dateTimeOf(date: string, time: string | null, timeZone: string): string {
  return isWithinEventYears(date) ? isoDateTime(date, time, timeZone) : date;
}

/**
 * A weekly series is one Event whose dates are its next session, with an
 * `eventSchedule` (schema.org Schedule) saying it repeats every week.
 */
function weeklyTimes(record: EventRecord, context: Pick<JsonLdContext, 'now' | 'timeZone'>): Record<string, Json> {
  const first = nextWeeklyDates(record, context.now, context.timeZone, 1)[0] ?? record.created_at.slice(0, 10);
  const start = record.recurring_start_time;
  const end = record.recurring_end_time;
  const overnight = start && end && end <= start && isWithinEventYears(first);
  const endDate = end ? (overnight ? nextDay(first) : first) : null;
  return {
    startDate: dateTimeOf(first, start, context.timeZone),
    ...(endDate && end ? { endDate: dateTimeOf(endDate, end, context.timeZone) } : {}),
    eventSchedule: {
      '@type': 'Schedule',
      repeatFrequency: 'P1W',
      byDay: weekdays.filter((day) => record[day]).map((day) => `https://schema.org/${weekdayLabels[day]}`),
      ...(start ? { startTime: `${start}:00` } : {}),
      ...(end ? { endTime: `${end}:00` } : {}),
      ...(record.start_date ? { startDate: record.start_date } : {}),
      ...(record.end_date ? { endDate: record.end_date } : {}),
      ...(record.skipped_dates.length ? { exceptDate: [...record.skipped_dates] } : {}),
      scheduleTimezone: context.timeZone,
    },
  };
}

function datedTimes(record: EventRecord, context: Pick<JsonLdContext, 'timeZone'>): Record<string, Json> {
  const start = record.start_date ?? record.created_at.slice(0, 10);
  let endDate = record.end_date ?? (record.end_time ? start : null);
  // "22:00 – 04:00" on one date ends the next morning.
  if (
    endDate === start &&
    !record.end_date &&
    record.start_time &&
    record.end_time &&
    record.end_time <= record.start_time &&
    isWithinEventYears(start)
  )
    endDate = nextDay(start);
  return {
    startDate: dateTimeOf(start, record.start_time, context.timeZone),
    ...(endDate ? { endDate: dateTimeOf(endDate, record.end_time, context.timeZone) } : {}),
  };
}

/**
 * An event's start and end exactly as its JSON-LD says them (ISO 8601 with the
 * zone's offset; a weekly series: its next session), so the page's
 * microformats and the Atom feed never disagree with it. None for a business listing.
 */
export function eventDateTimes(
  record: EventRecord,
  timeZone: string,
  now: Date,
): { start: string; end: string | null } | null {
  if (record.is_listing) return null;
  const times = record.is_recurring ? weeklyTimes(record, { now, timeZone }) : datedTimes(record, { timeZone });
  const start = times.startDate;
  const end = times.endDate;
  return typeof start === 'string' ? { start, end: typeof end === 'string' ? end : null } : null;
}

function eventJsonLd(record: EventRecord, context: JsonLdContext): Json {
  const weekly = record.is_recurring && !record.is_listing;
  const offer = offers(record, context);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: record.title,
    url: context.url,
    ...(record.bio.trim() ? { description: record.bio.trim() } : {}),
    ...(weekly ? weeklyTimes(record, context) : datedTimes(record, context)),
    eventStatus: eventStatusOf(record),
    ...(record.previous_start_date && record.status === 'published'
      ? { previousStartDate: record.previous_start_date }
      : {}),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: place(record, context.venue),
    image: [...context.images],
    organizer: {
      '@type': context.organizer.type,
      name: context.organizer.name,
      ...(context.organizer.url ? { url: context.organizer.url } : {}),
    },
    ...(offer ? { offers: offer } : {}),
    ...(record.keywords.length ? { keywords: record.keywords.join(', ') } : {}),
  };
}

function openingHours(record: EventRecord): Json[] {
  const specs: Json[] = [];
  for (const day of weekdays) {
    const blocks = record.schedule_blocks[day] ?? [];
    const dayOfWeek = `https://schema.org/${weekdayLabels[day]}`;
    for (const block of blocks)
      specs.push({ '@type': 'OpeningHoursSpecification', dayOfWeek, opens: block.start, closes: block.end });
  }
  if (specs.length || !record.recurring_start_time || !record.recurring_end_time) return specs;
  const open = weekdays.filter((day) => record[day]).map((day) => `https://schema.org/${weekdayLabels[day]}`);
  return open.length
    ? [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: open,
          opens: record.recurring_start_time,
          closes: record.recurring_end_time,
        },
      ]
    : [];
}

function businessJsonLd(record: EventRecord, context: JsonLdContext): Json {
  const location = place(record) as { address: Json; geo?: Json };
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: record.title,
    url: context.url,
    ...(record.bio.trim() ? { description: record.bio.trim() } : {}),
    image: [...context.images],
    address: location.address,
    ...(location.geo ? { geo: location.geo } : {}),
    openingHoursSpecification: openingHours(record),
    ...(record.keywords.length ? { keywords: record.keywords.join(', ') } : {}),
  };
}

export function listingJsonLd(record: EventRecord, context: JsonLdContext): Json {
  return record.is_listing ? businessJsonLd(record, context) : eventJsonLd(record, context);
}

/** JSON safe inside a <script> element: no `<` (so no `</script>`), no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
