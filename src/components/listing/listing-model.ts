/**
 * What a listing view shows, already in words: the public page builds it
 * from a stored record, the dashboard preview from the form being edited.
 */
import { nextWeeklyDates, weeklySeriesText } from '../../shared/calendar/weekly-series.ts';
import { categoryLabel } from '../../shared/contract/categories.ts';
import { formatPrice } from '../../shared/contract/currencies.ts';
import type { EventRecord } from '../../shared/contract/event.ts';
import { weekdays } from '../../shared/contract/schedule.ts';
import { hoursLines } from './listing-hours.ts';
import { describeEventTimes, formatDay } from './listing-time.ts';
import { mapsLinks, type MapsLinks } from './maps-links.ts';

export interface ListingViewModel {
  kind: 'event' | 'business';
  title: string;
  /** Events: dates and times with the zone. */
  when: string | null;
  /** Business listings: weekly opening hours, one line per run of days. */
  hours: readonly string[];
  place: string;
  /** The street address and postcode under the place ("133 Rye Lane, SE15 4ST"); '' when none was given. */
  address?: string;
  maps: MapsLinks | null;
  category: string | null;
  subcategory: string | null;
  keywords: readonly string[];
  description: string;
  coverUrl: string | null;
  sponsored: boolean;
  /** "Free", "£12"; absent or null: not shown. */
  price?: string | null;
  /** The organiser's ticket page (`https://`); absent or null: no "Get tickets". */
  ticketUrl?: string | null;
  /** A weekly series: "Every Fri & Sat · 21:00–23:30" and its next dates in words. */
  schedule?: { text: string; next: readonly string[] } | null;
  /** Cancelled or postponed after publishing: the word and the organiser's note, first thing on the page. */
  change?: ListingChange | null;
  /** No tickets left. */
  soldOut?: boolean;
}

/** What happened to a published event, said above everything else. */
export interface ListingChange {
  kind: 'cancelled' | 'postponed' | 'moved';
  /** "Cancelled", "Postponed", "New date". */
  label: string;
  /** The organiser's note; for a moved event without one, where it moved from. */
  note: string;
}

const changeLabels = { cancelled: 'Cancelled', postponed: 'Postponed' } as const;

/**
 * The change a record announces, or null for a draft or an unchanged published event.
 * `locale` words a moved event's old date.
 */
export function listingChange(
  record: Pick<EventRecord, 'status' | 'status_note'> & Partial<Pick<EventRecord, 'previous_start_date'>>,
  locale?: string,
): ListingChange | null {
  if (record.status === 'cancelled' || record.status === 'postponed') {
    return { kind: record.status, label: changeLabels[record.status], note: record.status_note.trim() };
  }
  if (record.status === 'published' && record.previous_start_date) {
    const moved = `Moved from ${formatDay(record.previous_start_date, locale)}.`;
    const note = record.status_note.trim();
    return { kind: 'moved', label: 'New date', note: note ? `${moved} ${note}` : moved };
  }
  return null;
}

/** "133 Rye Lane, SE15 4ST": the street and postcode, each once (a place text may already hold them). */
function streetLine(record: Pick<EventRecord, 'location_name' | 'street_address' | 'postal_code'>): string {
  const place = record.location_name.toLowerCase();
  return [record.street_address, record.postal_code]
    .map((part) => part.trim())
    .filter((part) => part && !place.includes(part.toLowerCase()))
    .join(', ');
}

/** How many of a weekly series' next dates a listing shows. */
export const NEXT_DATES_SHOWN = 3;

/**
 * `locale`: the reader's, for the dates (see listing-time.ts); `now` places a weekly
 * series' next dates (the server passes its clock).
 */
export function listingFromRecord(
  record: EventRecord,
  timeZone: string,
  locale?: string,
  now = new Date(),
): ListingViewModel {
  const business = record.is_listing;
  const weekly = record.is_recurring && !business;
  return {
    kind: business ? 'business' : 'event',
    title: record.title,
    when: business || weekly ? null : describeEventTimes(record, timeZone, locale),
    hours: business
      ? hoursLines({
          schedule: record.schedule_blocks,
          days: Object.fromEntries(weekdays.map((day) => [day, record[day]])) as Record<
            (typeof weekdays)[number],
            boolean
          >,
          opening: record.recurring_start_time ?? '',
          closing: record.recurring_end_time ?? '',
        })
      : [],
    place: record.location_name,
    address: streetLine(record),
    maps: mapsLinks(record.latitude, record.longitude),
    category: record.event_type ? categoryLabel(record.event_type) : null,
    subcategory: record.event_subtype,
    keywords: record.keywords,
    description: record.bio,
    coverUrl: record.cover_image,
    sponsored: record.is_sponsored,
    price: formatPrice(record.price, record.currency),
    ticketUrl: record.ticket_url,
    schedule: weekly
      ? {
          text: weeklySeriesText(record),
          next: nextWeeklyDates(record, now, timeZone, NEXT_DATES_SHOWN).map((date) => formatDay(date, locale)),
        }
      : null,
    change: listingChange(record, locale),
    soldOut: record.sold_out,
  };
}
