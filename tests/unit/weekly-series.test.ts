/**
 * A promoter's weekly series in words and dates (src/shared/calendar/weekly-series.ts),
 * as the dashboard and the public page show it: "Every Fri & Sat · 21:00–23:30"
 * and the next three dates, in the brand's zone.
 */
import { describe, expect, it } from 'vitest';
import { nextWeeklyDates, weeklySeriesText, type WeeklySeries } from '../../src/shared/calendar/weekly-series.ts';

const none = {
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
};
const series = (over: Partial<WeeklySeries>): WeeklySeries => ({
  ...none,
  recurring_start_time: '21:00',
  recurring_end_time: '23:30',
  ...over,
});
const zone = 'Europe/London';

describe('weekly series', () => {
  it('writes the days and hours', () => {
    expect(weeklySeriesText(series({ friday: true, saturday: true }))).toBe('Every Fri & Sat · 21:00–23:30');
    expect(weeklySeriesText(series({ monday: true, wednesday: true, friday: true }))).toBe(
      'Every Mon, Wed & Fri · 21:00–23:30',
    );
    expect(
      weeklySeriesText(
        series({ monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, sunday: true }),
      ),
    ).toBe('Every Mon–Fri & Sun · 21:00–23:30');
    const all = {
      monday: true,
      tuesday: true,
      wednesday: true,
      thursday: true,
      friday: true,
      saturday: true,
      sunday: true,
    };
    expect(weeklySeriesText(series({ ...all, recurring_end_time: null }))).toBe('Every day · from 21:00');
    expect(weeklySeriesText(series({ recurring_start_time: null, recurring_end_time: null }))).toBe('Every week');
    expect(weeklySeriesText(series({ thursday: true }))).toBe('Every Thu · 21:00–23:30');
  });

  it('gives the next dates, today included until its session ends', () => {
    const friSat = series({ friday: true, saturday: true });
    // Wednesday 25 Nov 2026, 20:00 in London.
    expect(nextWeeklyDates(friSat, new Date('2026-11-25T20:00:00Z'), zone, 3)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-12-04',
    ]);
    // Friday 22:00: tonight is still on; Friday 23:45: it is over.
    expect(nextWeeklyDates(friSat, new Date('2026-11-27T22:00:00Z'), zone, 1)).toEqual(['2026-11-27']);
    expect(nextWeeklyDates(friSat, new Date('2026-11-27T23:45:00Z'), zone, 1)).toEqual(['2026-11-28']);
    // A night across midnight (22:00–03:00) counts today all day.
    const late = series({ friday: true, recurring_start_time: '22:00', recurring_end_time: '03:00' });
    expect(nextWeeklyDates(late, new Date('2026-11-27T23:45:00Z'), zone, 1)).toEqual(['2026-11-27']);
  });

  it('reads today in the given zone, and keeps to the start and end dates', () => {
    const sunday = series({ sunday: true, recurring_start_time: '10:00', recurring_end_time: '12:00' });
    // 23:30 UTC on Saturday 29 Aug is already Sunday morning in Sydney.
    expect(nextWeeklyDates(sunday, new Date('2026-08-29T23:30:00Z'), 'Australia/Sydney', 1)).toEqual(['2026-08-30']);
    expect(nextWeeklyDates(sunday, new Date('2026-08-29T23:30:00Z'), zone, 1)).toEqual(['2026-08-30']);
    const bounded = { ...sunday, start_date: '2026-09-10', end_date: '2026-09-20' };
    expect(nextWeeklyDates(bounded, new Date('2026-08-29T12:00:00Z'), zone, 3)).toEqual(['2026-09-13', '2026-09-20']);
    expect(nextWeeklyDates(series({}), new Date('2026-08-29T12:00:00Z'), zone, 3)).toEqual([]);
  });
});
