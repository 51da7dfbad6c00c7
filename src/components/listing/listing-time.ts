/**
 * When a listing happens, for people and for machines. Events store
 * wall-clock dates and times with no zone (product §3); they are read in the
 * brand's time zone, so a page can say "19:00 GMT" and schema.org can say
 * `2026-03-01T19:00:00+00:00` — the offset Google needs for event results,
 * right on either side of a daylight-saving change. Pure: runs in the server
 * and the page alike.
 *
 * `describeEventTimes` is the one way people read an event's dates: the
 * dashboard's cards, the QR poster and the server-rendered public page all
 * call it, in the reader's locale (the browser's; on the server, the
 * request's Accept-Language), so "Sat, 12 Dec 2026, 20:00 GMT" reads the
 * same on all three. Formatters are made once per locale and options and
 * kept: building an Intl.DateTimeFormat costs ~0.1–1 ms, and the Events
 * screen formats hundreds of cards per render.
 */
import { isKnownTimeZone, offsetMinutesAt } from '../../shared/calendar/wall-clock.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The locale when the reader's is unknown (a server request without Accept-Language). */
export const FALLBACK_LOCALE = 'en-GB';

/**
 * Kept formatters. Bounded: on the server the locale comes from a request
 * header, so a caller could otherwise grow it one made-up locale at a time.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 256;

function cachedFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear();
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** Minutes east of UTC that `timeZone` is at the given wall-clock moment. */
export function zoneOffsetMinutes(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (instant: number) => offsetMinutesAt(instant, timeZone);
  // The offset at the wall time read as UTC is right except within hours of a
  // change; a second look from the corrected instant settles it.
  const first = offsetAt(wall);
  return offsetAt(wall - first * 60000);
}

/** "+01:00" for 60 minutes. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 for schema.org: `2026-03-01T19:00:00+00:00`, or the bare date when there is no time. */
export function isoDateTime(date: string, time: string | null, timeZone: string): string {
  if (!time) return date;
  return `${date}T${time}:00${formatOffset(zoneOffsetMinutes(date, time, timeZone))}`;
}

/** "Sun, 1 Mar 2026" (en-GB), "Sun, Mar 1, 2026" (en-US): the date as written, whatever zone the reader is in. */
export function formatDay(date: string, locale?: string): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return cachedFormat(locale, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(parsed);
}

/** "20:00" (en-GB), "8:00 PM" (en-US) for a stored `HH:MM`. */
export function formatClock(time: string, locale?: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  if (!Number.isInteger(h) || !Number.isInteger(m)) return time;
  // A 24-hour clock keeps its leading zero ("04:00"); a 12-hour one has none ("4:00 AM").
  const cycle = cachedFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  const hour = cycle === 'h23' || cycle === 'h24' ? '2-digit' : 'numeric';
  return cachedFormat(locale, { timeZone: 'UTC', hour, minute: '2-digit' }).format(Date.UTC(2000, 0, 1, h, m));
}

/**
 * "GMT", "BST" (en-GB), "GMT+1" (en-US) … as the reader would say it, at that moment; the zone's
 * own name when there is no such moment (a stored date no Date holds) or the runtime lacks the zone.
 */
export function zoneName(date: string, time: string, timeZone: string, locale?: string): string {
  const instant = Date.parse(`${isoDateTime(date, time, timeZone)}`);
  if (Number.isNaN(instant) || !isKnownTimeZone(timeZone)) return timeZone;
  const part = cachedFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

export interface EventTimes {
  start_date: string | null;
  start_time: string | null;
  end_date: string | null;
  end_time: string | null;
}

/**
 * "Sun, 1 Mar 2026, 19:00 – 23:30 GMT", "Fri, 6 Mar 2026, 22:00 – Sat, 7 Mar 2026, 04:00 GMT"
 * (en-GB), or null. `locale` undefined: the runtime's own (the browser's language).
 */
export function describeEventTimes(event: EventTimes, timeZone: string, locale?: string): string | null {
  if (!event.start_date) return null;
  const clock = (time: string | null) => (time ? formatClock(time, locale) : null);
  const start = [formatDay(event.start_date, locale), clock(event.start_time)].filter(Boolean).join(', ');
  const sameDay = !event.end_date || event.end_date === event.start_date;
  const end = sameDay
    ? (clock(event.end_time) ?? '')
    : [formatDay(event.end_date!, locale), clock(event.end_time)].filter(Boolean).join(', ');
  const zoneAt = event.start_time ? zoneName(event.start_date, event.start_time, timeZone, locale) : '';
  const range = end ? `${start} – ${end}` : start;
  return zoneAt ? `${range} ${zoneAt}` : range;
}
