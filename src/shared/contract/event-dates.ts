/**
 * The dates an event may have: the years FIRST_EVENT_YEAR to LAST_EVENT_YEAR.
 * Writes are held to them; the pages, feeds and calendar files compute only
 * with dates inside them (a day later, an offset, a weekday), so arithmetic
 * never leaves the four-digit years the formats and the runtime can write.
 * A date outside them already stored (before the bound, or by hand) is shown
 * as written and left out of what would need computing from it.
 */
import * as v from 'valibot';
import { DateSchema } from './formats.ts';

export const FIRST_EVENT_YEAR = 1900;
export const LAST_EVENT_YEAR = 2199;
const FIRST_EVENT_DATE = `${FIRST_EVENT_YEAR}-01-01`;
/** The last date a weekly series' dates are listed up to. */
export const LAST_EVENT_DATE = `${LAST_EVENT_YEAR}-12-31`;

export const EVENT_DATE_RANGE_MESSAGE = `Use a date in the years ${FIRST_EVENT_YEAR} to ${LAST_EVENT_YEAR}.`;

/** True for `YYYY-MM-DD` text within the event years (the caller knows it is a real date). */
export function isWithinEventYears(date: string): boolean {
  // Dates written YYYY-MM-DD sort as text.
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= FIRST_EVENT_DATE && date <= LAST_EVENT_DATE;
}

/** A real date written YYYY-MM-DD within the event years: what create and update accept. */
export const EventDateSchema = v.pipe(DateSchema, v.check(isWithinEventYears, EVENT_DATE_RANGE_MESSAGE));
