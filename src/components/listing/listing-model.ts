/**
 * What a listing view shows, already in words: the public page builds it
 * from a stored record, the dashboard preview from the form being edited.
 */
import { categoryLabel } from '../../shared/contract/categories.ts';
import type { EventRecord } from '../../shared/contract/event.ts';
import { weekdays } from '../../shared/contract/schedule.ts';
import { hoursLines } from './listing-hours.ts';
import { describeEventTimes } from './listing-time.ts';
import { mapsLinks, type MapsLinks } from './maps-links.ts';

export interface ListingViewModel {
  kind: 'event' | 'business';
  title: string;
  /** Events: dates and times with the zone. */
  when: string | null;
  /** Business listings: weekly opening hours, one line per run of days. */
  hours: readonly string[];
  place: string;
  maps: MapsLinks | null;
  category: string | null;
  subcategory: string | null;
  keywords: readonly string[];
  description: string;
  coverUrl: string | null;
  sponsored: boolean;
}

export function listingFromRecord(record: EventRecord, timeZone: string): ListingViewModel {
  const business = record.is_listing;
  return {
    kind: business ? 'business' : 'event',
    title: record.title,
    when: business ? null : describeEventTimes(record, timeZone),
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
    maps: mapsLinks(record.latitude, record.longitude),
    category: record.event_type ? categoryLabel(record.event_type) : null,
    subcategory: record.event_subtype,
    keywords: record.keywords,
    description: record.bio,
    coverUrl: record.cover_image,
    sponsored: record.is_sponsored,
  };
}
