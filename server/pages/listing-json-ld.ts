/**
 * schema.org data for a listing page: an `Event` with the properties Google
 * documents for event rich results (name, startDate with its offset,
 * location with address and geo, image, eventStatus, organizer), or a
 * `LocalBusiness` with opening hours for a business listing. It goes out as
 * `<script type="application/ld+json">`, which browsers never execute (the
 * CSP stays strict); `<` is escaped so no text can close the element.
 */
import { isoDateTime } from '../../src/components/listing/listing-time.ts';
import type { EventRecord } from '../../src/shared/contract/event.ts';
import { weekdays, weekdayLabels } from '../../src/shared/contract/schedule.ts';

export interface JsonLdContext {
  /** Absolute canonical URL of the page. */
  url: string;
  /** Absolute image URLs (the cover, else the site's share image). */
  images: readonly string[];
  timeZone: string;
  organizer: { name: string; type: 'Organization' | 'Person'; url: string | null };
}

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

function place(record: EventRecord): Json {
  return {
    '@type': 'Place',
    name: record.location_name || record.title,
    // Listings hold one free-text place; it is the address as people wrote it.
    address: { '@type': 'PostalAddress', streetAddress: record.location_name || record.title },
    ...(record.latitude !== null && record.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: record.latitude, longitude: record.longitude } }
      : {}),
  };
}

function eventJsonLd(record: EventRecord, context: JsonLdContext): Json {
  const start = record.start_date ?? record.created_at.slice(0, 10);
  const endDate = record.end_date ?? (record.end_time ? start : null);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: record.title,
    url: context.url,
    ...(record.bio.trim() ? { description: record.bio.trim() } : {}),
    startDate: isoDateTime(start, record.start_time, context.timeZone),
    ...(endDate ? { endDate: isoDateTime(endDate, record.end_time, context.timeZone) } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: place(record),
    image: [...context.images],
    organizer: {
      '@type': context.organizer.type,
      name: context.organizer.name,
      ...(context.organizer.url ? { url: context.organizer.url } : {}),
    },
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
