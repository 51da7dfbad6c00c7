/**
 * The Events screen's three lists: Upcoming (soonest first), Drafts (scheduled
 * ones by their publish time, then the rest newest first) and Past (most recent
 * first). Dates are wall-clock days read in each event's own zone, so an event
 * in Tokyo is past there a day before the same date in London. Cancelled and
 * postponed events stay where their dates put them: guests still look for them.
 */
import { eventTimeZone } from '../../components/listing/event-zone.ts';
import { nextWeeklyDates, wallClock } from '../../shared/calendar/weekly-series.ts';
import type { ShownEvent } from '../../stores/use-overlaid-events.ts';

export interface EventSections {
  readonly upcoming: readonly ShownEvent[];
  readonly drafts: readonly ShownEvent[];
  readonly past: readonly ShownEvent[];
}

/** Sorts last: an event without a date (a half-filled pending create) is still shown. */
const NO_DATE = '\uffff';

interface Placed {
  readonly event: ShownEvent;
  /** The day it is sorted by (YYYY-MM-DD): its next date when upcoming, its last day when past. */
  readonly day: string;
  readonly time: string;
}

/** Where a published (or cancelled, postponed) event belongs on `now`, and the day it sorts by there. */
function place(event: ShownEvent, now: Date): { past: boolean; placed: Placed } {
  const { record } = event;
  const zone = eventTimeZone(record);
  const today = wallClock(now, zone)?.date ?? '';
  if (record.is_recurring === true) {
    const next = nextWeeklyDates(record, now, zone, 1)[0];
    const time = record.recurring_start_time ?? '';
    // A series with no date left has ended: it is past from its last possible day.
    if (next) return { past: false, placed: { event, day: next, time } };
    return { past: true, placed: { event, day: record.end_date ?? record.start_date ?? '', time } };
  }
  const lastDay = record.end_date || record.start_date || '';
  const placed = { event, day: record.start_date || NO_DATE, time: record.start_time ?? '' };
  if (lastDay && today && lastDay < today) return { past: true, placed: { ...placed, day: lastDay } };
  return { past: false, placed };
}

const soonestFirst = (a: Placed, b: Placed) => a.day.localeCompare(b.day) || a.time.localeCompare(b.time);

/** Scheduled drafts by the time they go out, then unscheduled ones newest first (one not yet sent is newest). */
function draftOrder(a: ShownEvent, b: ShownEvent): number {
  const aAt = a.record.publish_at ?? null;
  const bAt = b.record.publish_at ?? null;
  if (aAt && bAt) return aAt.localeCompare(bAt);
  if (aAt || bAt) return aAt ? -1 : 1;
  return (b.record.created_at ?? NO_DATE).localeCompare(a.record.created_at ?? NO_DATE);
}

/**
 * The events in their sections on `now`. `listing`, the account's business
 * listing (ongoing, with no date of its own), heads Upcoming as it always has.
 */
export function eventSections(events: readonly ShownEvent[], now: Date, listing: ShownEvent | null): EventSections {
  const upcoming: Placed[] = [];
  const past: Placed[] = [];
  const drafts: ShownEvent[] = [];
  for (const event of events) {
    if (event === listing) continue;
    if (event.record.status === 'draft') {
      drafts.push(event);
      continue;
    }
    const { past: isPast, placed } = place(event, now);
    (isPast ? past : upcoming).push(placed);
  }
  upcoming.sort(soonestFirst);
  past.sort((a, b) => soonestFirst(b, a));
  drafts.sort(draftOrder);
  const shownListing = listing && events.includes(listing) ? [listing] : [];
  return {
    upcoming: [...shownListing, ...upcoming.map((placed) => placed.event)],
    drafts,
    past: past.map((placed) => placed.event),
  };
}
