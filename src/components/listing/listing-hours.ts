/**
 * Weekly opening hours as lines of text: "Mon–Wed 08:00–18:00". Used by the
 * dashboard's live preview and the public listing page alike.
 */
import type { ScheduleBlock, Weekday } from '../../shared/contract/schedule.ts';
import { WEEKDAYS, WEEKDAY_SHORT } from '../weekdays.ts';

/** What the lines are made from: blocks per day, else the weekly days with one opening and closing time. */
export interface WeeklyHours {
  schedule: { readonly [day in Weekday]?: readonly Readonly<ScheduleBlock>[] | undefined };
  days: Readonly<Record<Weekday, boolean>>;
  opening: string;
  closing: string;
}

/** "Mon 09:00–12:00, 13:00–17:00" lines, or the weekly days and times when no blocks are set. */
export function hoursLines(hours: WeeklyHours): string[] {
  // Consecutive days with the same hours share a line: "Mon–Thu 08:00–18:00".
  const lines: string[] = [];
  let run: { first: string; last: string; hours: string } | null = null;
  const flush = () => {
    if (run) lines.push(`${run.first === run.last ? run.first : `${run.first}–${run.last}`} ${run.hours}`);
    run = null;
  };
  for (const day of WEEKDAYS) {
    const blocks = hours.schedule[day] ?? [];
    const text = blocks.map((b) => `${b.start}–${b.end}`).join(', ');
    if (!text) flush();
    else if (run && run.hours === text) run.last = WEEKDAY_SHORT[day];
    else {
      flush();
      run = { first: WEEKDAY_SHORT[day], last: WEEKDAY_SHORT[day], hours: text };
    }
  }
  flush();
  if (lines.length > 0) return lines;
  const days = WEEKDAYS.filter((day) => hours.days[day]).map((day) => WEEKDAY_SHORT[day]);
  if (days.length === 0) return [];
  const times = hours.opening && hours.closing ? ` ${hours.opening}–${hours.closing}` : '';
  return [`${days.join(', ')}${times}`];
}
