/**
 * A weekly series (a promoter's `is_recurring` event, or a business's opening
 * days) in words and as dates: "Every Fri & Sat · 21:00–23:30" and the next
 * dates it happens on. Wall-clock dates and times with no zone, read in the
 * zone the caller gives (the brand's, for public pages). Pure: the dashboard,
 * the server-rendered pages and the calendar feed share it.
 */
import { LAST_EVENT_DATE } from '../contract/event-dates.ts';
import { weekdays, type Weekday } from '../contract/schedule.ts';
import { wallClockParts } from './wall-clock.ts';

/** The fields of an event record a weekly series is made of (absent days are off; a pending record may lack some). */
export type WeeklySeries = Readonly<Partial<Record<Weekday, boolean | undefined>>> & {
  readonly recurring_start_time?: string | null | undefined;
  readonly recurring_end_time?: string | null | undefined;
  /** The first date it may happen on (optional: a series may start later). */
  readonly start_date?: string | null | undefined;
  /** The last date it may happen on. */
  readonly end_date?: string | null | undefined;
  /** Its own dates that do not happen (contract §11). */
  readonly skipped_dates?: readonly string[] | undefined;
};

/** Short day names: "Fri & Sat" here, and the dashboard's secondary weekday controls. */
export const WEEKDAY_SHORT: Readonly<Record<Weekday, string>> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** "Fri & Sat", "Mon, Wed & Fri", "Mon–Fri & Sun": runs of three or more days become ranges. */
export function weeklyDaysText(series: WeeklySeries): string {
  const parts: string[] = [];
  let start = -1;
  for (let i = 0; i <= weekdays.length; i++) {
    const on = i < weekdays.length && series[weekdays[i]!] === true;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      const names = weekdays.slice(start, i).map((day) => WEEKDAY_SHORT[day]);
      parts.push(...(names.length >= 3 ? [`${names[0]}–${names[names.length - 1]}`] : names));
      start = -1;
    }
  }
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} & ${parts[parts.length - 1]}`;
}

/** "Every Fri & Sat · 21:00–23:30"; "Every day", "from 21:00" and "Every week" where days or times are missing. */
export function weeklySeriesText(series: WeeklySeries): string {
  const count = weekdays.filter((day) => series[day] === true).length;
  const days = count === 7 ? 'Every day' : count > 0 ? `Every ${weeklyDaysText(series)}` : 'Every week';
  const { recurring_start_time: start, recurring_end_time: end } = series;
  const hours = start && end ? `${start}–${end}` : start ? `from ${start}` : end ? `until ${end}` : null;
  return hours ? `${days} · ${hours}` : days;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date and time of day (`YYYY-MM-DD`, `HH:MM`) on the wall clocks of `timeZone`; null for an invalid `now`. */
export function wallClock(now: Date, timeZone: string): { date: string; time: string } | null {
  const parts = wallClockParts(now.getTime(), timeZone);
  if (!parts) return null;
  const { year, month, day, hour, minute } = parts;
  return { date: `${year}-${pad(month)}-${pad(day)}`, time: `${pad(hour)}:${pad(minute)}` };
}

function utcDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** '' for an invalid day (a pending form's half-typed start date), which matches no date. */
function isoDay(day: Date): string {
  return Number.isNaN(day.getTime()) ? '' : day.toISOString().slice(0, 10);
}

/**
 * The next `count` dates (`YYYY-MM-DD`) the series happens on, from `now` in
 * `timeZone`: today counts while today's session has not ended (a session
 * that ends after midnight runs on into tomorrow). Dates before `start_date`
 * and after `end_date`, and the series' own `skipped_dates`, are left out, and
 * so is any past the event years (a stored `start_date` of 9999-12-30 has none).
 * Empty when no day is ticked.
 */
export function nextWeeklyDates(series: WeeklySeries, now: Date, timeZone: string, count: number): string[] {
  const dayIndexes = new Set(weekdays.flatMap((day, i) => (series[day] === true ? [(i + 1) % 7] : []))); // getUTCDay: Sunday 0
  if (dayIndexes.size === 0 || count <= 0) return [];
  const today = wallClock(now, timeZone);
  if (!today) return [];
  const { recurring_start_time: start, recurring_end_time: end } = series;
  const overnight = Boolean(start && end && end <= start);
  const endedToday = overnight ? false : end ? today.time >= end : start ? today.time >= start : false;
  let day = utcDay(today.date);
  if (endedToday) day = new Date(day.getTime() + 86_400_000);
  if (series.start_date && series.start_date > isoDay(day)) day = utcDay(series.start_date);
  const dates: string[] = [];
  const skipped = new Set(series.skipped_dates ?? []);
  // At most one ticked day per week is needed per date; 7 × (count + skipped) + 7 days always suffice.
  for (let i = 0; i < (count + skipped.size) * 7 + 7 && dates.length < count; i++) {
    const iso = isoDay(day);
    if ((series.end_date && iso > series.end_date) || iso > LAST_EVENT_DATE) break;
    if (dayIndexes.has(day.getUTCDay()) && !skipped.has(iso)) dates.push(iso);
    day = new Date(day.getTime() + 86_400_000);
  }
  return dates;
}
