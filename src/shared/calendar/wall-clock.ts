/**
 * What the wall clocks of a time zone read at an instant. The event pages, the
 * calendar files and the weekly series all turn stored local dates and times
 * into instants and back through this one reading. A formatter costs far more
 * to make than to use (~0.3 ms), so one is kept per zone; zones come from the
 * code (the brand's) or from a record's place, a few hundred at most, and the
 * map is bounded besides.
 *
 * Never throws: a page that reads a stored record must render whatever the
 * record holds. A zone the runtime does not know reads as UTC (its ICU data
 * may be older than the zone lookup's), and an instant no Date can hold (NaN
 * from a date that is not one, or past ±8.64e15 ms) has no reading.
 */
const formats = new Map<string, Intl.DateTimeFormat | null>();
const MAX_FORMATS = 1024;

export interface WallClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The zone's formatter, or null when the runtime does not know the zone. */
function formatIn(timeZone: string): Intl.DateTimeFormat | null {
  const kept = formats.get(timeZone);
  if (kept !== undefined) return kept;
  let format: Intl.DateTimeFormat | null = null;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  } catch {
    // RangeError: not a zone this runtime has.
  }
  if (formats.size >= MAX_FORMATS) formats.clear();
  formats.set(timeZone, format);
  return format;
}

/** Whether the runtime has the zone's rules (else it reads as UTC here). */
export function isKnownTimeZone(timeZone: string): boolean {
  return formatIn(timeZone) !== null;
}

/** The clocks of `timeZone` at `instant`, or null when no Date holds the instant. */
export function wallClockParts(instant: number, timeZone: string): WallClockParts | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const format = formatIn(timeZone) ?? formatIn('UTC')!;
  const parts = format.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** Minutes east of UTC that `timeZone` is at `instant`; 0 (UTC) for an instant no Date holds. */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  const parts = wallClockParts(instant, timeZone);
  if (!parts) return 0;
  // setUTCFullYear, not Date.UTC, which reads the years 0–99 as 1900–1999.
  const wall = new Date(0);
  wall.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  wall.setUTCHours(parts.hour, parts.minute);
  const offset = (wall.getTime() - instant) / 60000;
  return Number.isFinite(offset) ? offset : 0;
}
