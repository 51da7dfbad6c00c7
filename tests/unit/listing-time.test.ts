/**
 * When a listing happens, in words and for schema.org
 * (src/components/listing/listing-time.ts): wall-clock times read in the
 * brand's zone get the offset of that date, across daylight-saving changes.
 */
import { describe, expect, it } from 'vitest';
import { describeEventTimes, isoDateTime } from '../../src/components/listing/listing-time.ts';

describe('listing times', () => {
  it('gives the offset of the date itself: GMT in winter, BST in summer', () => {
    expect(isoDateTime('2026-01-10', '19:00', 'Europe/London')).toBe('2026-01-10T19:00:00+00:00');
    expect(isoDateTime('2026-07-10', '19:00', 'Europe/London')).toBe('2026-07-10T19:00:00+01:00');
    expect(isoDateTime('2026-03-29', '03:00', 'Europe/London')).toBe('2026-03-29T03:00:00+01:00');
    expect(isoDateTime('2026-07-10', '19:00', 'America/New_York')).toBe('2026-07-10T19:00:00-04:00');
    expect(isoDateTime('2026-07-10', '19:00', 'Asia/Kolkata')).toBe('2026-07-10T19:00:00+05:30');
  });

  it('keeps a date without a time as a date', () => {
    expect(isoDateTime('2026-07-10', null, 'Europe/London')).toBe('2026-07-10');
  });

  it('writes one day, a night across midnight, and a date alone', () => {
    const zone = 'Europe/London';
    expect(
      describeEventTimes({ start_date: '2026-12-05', start_time: '19:00', end_date: null, end_time: '23:00' }, zone),
    ).toBe('Sat, 5 Dec 2026, 19:00 – 23:00 GMT');
    expect(
      describeEventTimes(
        { start_date: '2026-07-03', start_time: '22:00', end_date: '2026-07-04', end_time: '04:00' },
        zone,
      ),
    ).toBe('Fri, 3 Jul 2026, 22:00 – Sat, 4 Jul 2026, 04:00 BST');
    expect(
      describeEventTimes({ start_date: '2026-07-03', start_time: null, end_date: null, end_time: null }, zone),
    ).toBe('Fri, 3 Jul 2026');
    expect(describeEventTimes({ start_date: null, start_time: null, end_date: null, end_time: null }, zone)).toBeNull();
  });
});
