/**
 * What the wall clocks of a time zone read at an instant. The event pages, the
 * calendar files and the weekly series all turn stored local dates and times
 * into instants and back through this one reading. A formatter costs far more
 * to make than to use (~0.3 ms), so one is kept per zone; zones come from the
 * code (the brand's), never from a request, so the map stays small.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export interface WallClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export function wallClockParts(instant: number, timeZone: string): WallClockParts {
  let format = formats.get(timeZone);
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
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** Minutes east of UTC that `timeZone` is at `instant`. */
export function offsetMinutesAt(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute } = wallClockParts(instant, timeZone);
  return (Date.UTC(year, month - 1, day, hour, minute) - instant) / 60000;
}
