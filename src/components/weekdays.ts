/**
 * Weekday helpers for the dashboard widgets. The day keys and their labels
 * ("Monday" … "Sunday", contract §9) come from the contract.
 */
import { weekdays, type Weekday } from '../shared/contract/schedule.ts';

export { weekdays as WEEKDAYS, weekdayLabels as WEEKDAY_LABELS, type Weekday } from '../shared/contract/schedule.ts';

/**
 * Short names for secondary controls (schedule blocks, copy targets). They must
 * not contain the full day name: tests and assistive tech find the recurring-day
 * checkboxes by "Monday" … "Sunday", and a second match would be ambiguous.
 */
export { WEEKDAY_SHORT } from '../shared/calendar/weekly-series.ts';

export type RecurringDays = Readonly<Record<Weekday, boolean>>;

export const NO_DAYS: RecurringDays = Object.fromEntries(weekdays.map((day) => [day, false])) as Record<
  Weekday,
  boolean
>;
