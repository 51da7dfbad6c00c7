/**
 * iCalendar (RFC 5545) for "Add to calendar" (`/e/{id}.ics`) and a
 * promoter's subscribable feed (`/p/{name}.ics`). Events store wall-clock
 * times (product §3) of their own place's zone (`time_zone`, from their
 * coordinates; the site's zone without a place), so times go out as local
 * times with a TZID and the matching VTIMEZONE (vtimezone.ts for any zone): a
 * calendar shows 21:00 on both sides of a daylight-saving change. A weekly series is
 * one VEVENT with an RRULE. UIDs derive from the listing id and the public
 * host, so re-importing updates the same entry instead of adding a copy.
 */
import type { EventRecord } from '../../src/shared/contract/event.ts';
import { isWithinEventYears } from '../../src/shared/contract/event-dates.ts';
import { weekdays } from '../../src/shared/contract/schedule.ts';
import { zoneOffsetMinutes } from '../../src/components/listing/listing-time.ts';
import { vtimezone } from './vtimezone.ts';

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** One calendar entry: the stored record plus what the page knows of it. */
export interface CalendarEntry {
  record: EventRecord;
  /** Absolute URL of the public page. */
  url: string;
  /** A weekly series (weekday flags + recurring times), not a dated event. */
  weekly: boolean;
  /** Where the series starts when the record has no start date (YYYY-MM-DD). */
  seriesFrom: string;
}

export interface CalendarOptions {
  /** Host of PUBLIC_URL: the right-hand side of every UID. */
  host: string;
  /** The zone of an entry whose record has none (no place). */
  timeZone: string;
  /** A feed's name (X-WR-CALNAME), shown by calendar apps that subscribe. */
  name?: string;
  /** Characters of each description kept (a feed's size stays bounded); the page link always follows. */
  descriptionLimit?: number;
}

/**
 * The site's zone as published in the IANA database (its rules, for any year);
 * every other zone's definition is generated (vtimezone.ts).
 */
const VTIMEZONES: Record<string, readonly string[]> = {
  'Europe/London': [
    'BEGIN:VTIMEZONE',
    'TZID:Europe/London',
    'X-LIC-LOCATION:Europe/London',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0000',
    'TZOFFSETTO:+0100',
    'TZNAME:BST',
    'DTSTART:19700329T010000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0000',
    'TZNAME:GMT',
    'DTSTART:19701025T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ],
};

const BYDAY: Record<(typeof weekdays)[number], string> = {
  monday: 'MO',
  tuesday: 'TU',
  wednesday: 'WE',
  thursday: 'TH',
  friday: 'FR',
  saturday: 'SA',
  sunday: 'SU',
};

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Content lines longer than 75 octets are folded (RFC 5545 §3.1): CRLF and
 * one space, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  if (line.length <= 25) return line; // at most 3 octets per UTF-16 unit: 75 octets
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  let limit = 75;
  for (let i = 0; i < line.length;) {
    const code = line.codePointAt(i)!;
    const units = code > 0xffff ? 2 : 1;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code <= 0xffff ? 3 : 4;
    if (octets + size > limit) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 0;
      limit = 74; // continuation lines start with the folding space
    }
    octets += size;
    i += units;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

const compactDate = (date: string) => date.replace(/-/g, '');
const compactTime = (time: string) => `${time.replace(':', '')}00`;

/** `20260704T193000Z` from a stored ISO instant. */
function utcStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

/** Years a generated VTIMEZONE covers around `now`: last year's entries to those a few years ahead. */
function zoneYears(now: number): [number, number] {
  const year = new Date(now).getUTCFullYear();
  return [year - 1, year + 4];
}

/** The VTIMEZONE lines of `zone`: the IANA text for the site's zone, generated for any other. */
function zoneDefinition(zone: string): readonly string[] | null {
  return VTIMEZONES[zone] ?? vtimezone(zone, ...zoneYears(Date.now()));
}

/** Local date-time in the zone (with TZID), or UTC when the runtime does not know the zone. */
function dateTime(name: 'DTSTART' | 'DTEND' | 'EXDATE', date: string, time: string, zone: string): string {
  if (zoneDefinition(zone)) return `${name};TZID=${zone}:${compactDate(date)}T${compactTime(time)}`;
  return `${name}:${utcStamp(localToUtc(date, time, zone))}`;
}

function localToUtc(date: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`);
  return new Date(wall - zoneOffsetMinutes(date, time, timeZone) * 60000).toISOString();
}

/** The first date on or after `from` that falls on one of the series' weekdays. */
function firstOccurrence(from: string, days: readonly string[]): string {
  for (let i = 0; i < 7; i++) {
    const date = addDays(from, i);
    const weekday = weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    if (days.includes(BYDAY[weekday])) return date;
  }
  return from;
}

function timing(entry: CalendarEntry, options: CalendarOptions): string[] | null {
  const { record } = entry;
  const zone = record.time_zone ?? options.timeZone;
  // A stored date outside the event years keeps the entry off calendars (the page still shows it):
  // a day later or an UNTIL computed from it could leave the four-digit years iCalendar writes.
  const from = entry.weekly ? (record.start_date ?? entry.seriesFrom) : record.start_date;
  if ([from, record.end_date].some((date) => date !== null && !isWithinEventYears(date))) return null;
  if (entry.weekly) {
    const days = weekdays.filter((day) => record[day]).map((day) => BYDAY[day]);
    const start = record.recurring_start_time;
    if (!days.length || !start) return null;
    const first = firstOccurrence(record.start_date ?? entry.seriesFrom, days);
    const end = record.recurring_end_time;
    const lines = [dateTime('DTSTART', first, start, zone)];
    if (end) lines.push(dateTime('DTEND', end <= start ? addDays(first, 1) : first, end, zone));
    // A series with a last date stops after it (UNTIL is UTC when DTSTART has a zone: the day's end is safe).
    const until = record.end_date ? `;UNTIL=${compactDate(addDays(record.end_date, 1))}T000000Z` : '';
    lines.push(`RRULE:FREQ=WEEKLY;BYDAY=${days.join(',')}${until}`);
    // The series' own dates that do not happen, at its start time (RFC 5545 §3.8.5.1).
    for (const date of record.skipped_dates.filter(isWithinEventYears))
      lines.push(dateTime('EXDATE', date, start, zone));
    return lines;
  }
  if (!record.start_date) return null;
  if (!record.start_time) {
    // A date with no time is an all-day event; DTEND is exclusive.
    const last = record.end_date && record.end_date >= record.start_date ? record.end_date : record.start_date;
    return [
      `DTSTART;VALUE=DATE:${compactDate(record.start_date)}`,
      `DTEND;VALUE=DATE:${compactDate(addDays(last, 1))}`,
    ];
  }
  const lines = [dateTime('DTSTART', record.start_date, record.start_time, zone)];
  if (record.end_time) {
    let endDate = record.end_date ?? record.start_date;
    // "22:00 – 04:00" on one date ends the next morning.
    if (endDate === record.start_date && record.end_time <= record.start_time) endDate = addDays(endDate, 1);
    lines.push(dateTime('DTEND', endDate, record.end_time, zone));
  }
  return lines;
}

function vevent(entry: CalendarEntry, options: CalendarOptions): string[] {
  const when = timing(entry, options);
  if (!when) return [];
  const { record } = entry;
  const limit = options.descriptionLimit ?? Infinity;
  const bio = record.bio.trim();
  const shortened = bio.length > limit ? `${bio.slice(0, limit).trimEnd()}…` : bio;
  // A cancelled or postponed event says so where calendars show it: the title and the note first.
  const change = record.status === 'cancelled' ? 'Cancelled' : record.status === 'postponed' ? 'Postponed' : null;
  const note = change ? [change + (record.status_note.trim() ? `: ${record.status_note.trim()}` : '.')] : [];
  const description = [...note, shortened, entry.url].filter(Boolean).join('\n\n');
  return [
    'BEGIN:VEVENT',
    `UID:event-${record.id}@${options.host}`,
    `DTSTAMP:${utcStamp(record.updated_at)}`,
    `CREATED:${utcStamp(record.created_at)}`,
    `LAST-MODIFIED:${utcStamp(record.updated_at)}`,
    `SEQUENCE:${Math.max(0, record.version - 1)}`,
    ...when,
    // RFC 5545 §3.8.1.11: a cancelled event stays in the feed with STATUS:CANCELLED, so every
    // calendar that holds it removes or strikes it; SEQUENCE grows with every change.
    `STATUS:${record.status === 'cancelled' ? 'CANCELLED' : record.status === 'postponed' ? 'TENTATIVE' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(change ? `${change}: ${record.title}` : record.title)}`,
    ...(record.location_name ? [`LOCATION:${escapeText(record.location_name)}`] : []),
    ...(record.latitude !== null && record.longitude !== null ? [`GEO:${record.latitude};${record.longitude}`] : []),
    `URL:${entry.url}`,
    `DESCRIPTION:${escapeText(description)}`,
    'END:VEVENT',
  ];
}

/** Whether an entry has a time a calendar can hold. */
export function hasCalendarTime(entry: CalendarEntry): boolean {
  return timing(entry, { host: 'x', timeZone: 'UTC' }) !== null;
}

/** A VCALENDAR with one VEVENT per entry that has a time, CRLF line ends. */
export function calendarText(entries: readonly CalendarEntry[], options: CalendarOptions): string {
  const events = entries.flatMap((entry) => vevent(entry, options));
  // One definition per zone the entries name, in the order they first appear.
  const zones = [...new Set(events.flatMap((line) => /^DT(?:START|END);TZID=([^:]+):/.exec(line)?.[1] ?? []))];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${options.host}//Listings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(options.name ? [`X-WR-CALNAME:${escapeText(options.name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT6H'] : []),
    ...zones.flatMap((zone) => zoneDefinition(zone) ?? []),
    ...events,
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
