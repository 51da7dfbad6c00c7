/**
 * How a card writes when an event happens: weekly days and hours, or the
 * dates as the poster and the public page write them (listing-time.ts), in
 * the browser's locale.
 */
import { eventTimeZone } from '../../components/listing/event-zone.ts';
import { describeEventTimes } from '../../components/listing/listing-time.ts';
import type { EventRecord } from '../../shared/contract/event.ts';
import { weekdays } from '../../shared/contract/schedule.ts';
import { WEEKDAY_SHORT } from '../../components/weekdays.ts';

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
  return describeEventTimes(
    {
      start_date: record.start_date ?? null,
      start_time: record.start_time ?? null,
      end_date: record.end_date ?? null,
      end_time: record.end_time ?? null,
    },
    eventTimeZone(record),
  );
}
