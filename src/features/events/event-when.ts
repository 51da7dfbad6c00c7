/** How a card writes when an event happens: a date range, or weekly days and hours. */
import type { EventRecord } from '../../shared/contract/event.ts';
import { weekdays } from '../../shared/contract/schedule.ts';
import { WEEKDAY_SHORT } from '../../components/weekdays.ts';

/**
 * One formatter for every card: `toLocaleDateString` with options builds a new
 * Intl.DateTimeFormat per call (~0.1–1 ms), which with hundreds of cards made
 * each re-render of the Events screen a long task. Made on first use, so it
 * takes the browser's locale as `toLocaleDateString(undefined, …)` did.
 */
let dateFormat: Intl.DateTimeFormat | null = null;

function formatDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00`);
  if (Number.isNaN(parsed.getTime())) return date;
  dateFormat ??= new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return dateFormat.format(parsed);
}

/** "Mon–Fri, Sun" from seven flags, Monday first: runs of three or more days become ranges. */
export function dayRanges(flags: readonly boolean[]): string[] {
  const parts: string[] = [];
  let start = -1;
  for (let i = 0; i <= flags.length; i++) {
    if (flags[i] && start < 0) start = i;
    if (!flags[i] && start >= 0) {
      const names = weekdays.slice(start, i).map((day) => WEEKDAY_SHORT[day]);
      parts.push(...(names.length >= 3 ? [`${names[0]}–${names[names.length - 1]}`] : names));
      start = -1;
    }
  }
  return parts;
}

export function describeWhen(record: Partial<EventRecord>): string | null {
  if (record.is_recurring) {
    const days = dayRanges(weekdays.map((day) => record[day] === true));
    const hours =
      record.recurring_start_time && record.recurring_end_time
        ? `${record.recurring_start_time}–${record.recurring_end_time}`
        : (record.recurring_start_time ?? null);
    const dayText = days.length === 7 ? 'Every day' : days.length > 0 ? days.join(', ') : null;
    return [dayText, hours].filter(Boolean).join(' · ') || 'Weekly';
  }
  const start = record.start_date ? formatDate(record.start_date) : null;
  const startTime = record.start_time ?? null;
  const end = record.end_date && record.end_date !== record.start_date ? formatDate(record.end_date) : null;
  const endTime = record.end_time ?? null;
  const from = [start, startTime].filter(Boolean).join(', ');
  const to = [end, endTime].filter(Boolean).join(', ');
  if (!from && !to) return null;
  return to ? `${from || '…'} – ${to}` : from;
}
