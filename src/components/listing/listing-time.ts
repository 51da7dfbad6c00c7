/**
 * When a listing happens, for people and for machines. Events store
 * wall-clock dates and times with no zone (SPEC §3); they are read in the
 * brand's time zone, so a page can say "19:00 GMT" and schema.org can say
 * `2026-03-01T19:00:00+00:00` — the offset Google needs for event results,
 * right on either side of a daylight-saving change. Pure: runs in the server
 * and the page alike.
 */

const pad = (n: number) => String(n).padStart(2, '0');

// Making an Intl.DateTimeFormat costs far more than using one (~0.3 ms): a
// page listing 50 events would spend most of its time building them.
const wallClocks = new Map<string, Intl.DateTimeFormat>();
const zoneNames = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** Minutes east of UTC that `timeZone` is at the given wall-clock moment. */
export function zoneOffsetMinutes(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (instant: number) => {
    const parts = wallClock(timeZone).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - instant) / 60000;
  };
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

/** "Sun 1 Mar 2026" — the date as written, whatever zone the reader is in. */
export function formatDay(date: string): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** "GMT", "BST", "CET" … as the reader would say it, at that moment. */
export function zoneName(date: string, time: string, timeZone: string): string {
  const instant = Date.parse(`${isoDateTime(date, time, timeZone)}`);
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' });
    zoneNames.set(timeZone, format);
  }
  const part = format.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

export interface EventTimes {
  start_date: string | null;
  start_time: string | null;
  end_date: string | null;
  end_time: string | null;
}

/** "Sun 1 Mar 2026, 19:00 – 23:30 GMT", "Fri 6 Mar 2026, 22:00 – Sat 7 Mar 2026, 04:00 GMT", or null. */
export function describeEventTimes(event: EventTimes, timeZone: string): string | null {
  if (!event.start_date) return null;
  const start = [formatDay(event.start_date), event.start_time].filter(Boolean).join(', ');
  const sameDay = !event.end_date || event.end_date === event.start_date;
  const end = sameDay
    ? (event.end_time ?? '')
    : [formatDay(event.end_date!), event.end_time].filter(Boolean).join(', ');
  const zoneAt = event.start_time ? zoneName(event.start_date, event.start_time, timeZone) : '';
  const range = end ? `${start} – ${end}` : start;
  return zoneAt ? `${range} ${zoneAt}` : range;
}
