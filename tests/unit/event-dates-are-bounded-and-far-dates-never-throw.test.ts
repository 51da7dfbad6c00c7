/**
 * The event form takes dates in the years 1900–2199 and says so; the shared
 * calendar code that the dashboard, the poster and the public pages read
 * records through (wall clocks, zone names, a weekly series' next dates, the
 * listing view) answers for any stored date instead of throwing: an instant
 * no Date holds has no offset, a zone the runtime lacks reads as UTC, and a
 * series lists no date past the event years.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { listingFromRecord } from '../../src/components/listing/listing-model.ts';
import { describeEventTimes, isoDateTime, zoneName } from '../../src/components/listing/listing-time.ts';
import { offsetMinutesAt, wallClockParts } from '../../src/shared/calendar/wall-clock.ts';
import { nextWeeklyDates, type WeeklySeries } from '../../src/shared/calendar/weekly-series.ts';
import { EventFieldsSchema, EventSchema } from '../../src/shared/contract/event.ts';

const friday: WeeklySeries = { friday: true, recurring_start_time: '21:00', recurring_end_time: '02:00' };
const now = new Date('2026-01-15T12:00:00Z');

function messagesFor(fields: Record<string, string>): string[] {
  const result = v.safeParse(EventFieldsSchema, fields);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

describe('event dates on input', () => {
  it('are held to the years 1900–2199, and the message says so', () => {
    for (const field of ['start_date', 'end_date']) {
      expect(messagesFor({ [field]: '9999-12-31' }).join(' ')).toMatch(/1900 to 2199/);
      expect(messagesFor({ [field]: '1899-12-31' }).join(' ')).toMatch(/1900 to 2199/);
      expect(messagesFor({ [field]: '1900-01-01' })).toEqual([]);
      expect(messagesFor({ [field]: '2199-12-31' })).toEqual([]);
      expect(messagesFor({ [field]: '' })).toEqual([]);
    }
    expect(messagesFor({ skipped_dates: JSON.stringify(['2026-01-23', '2200-01-01']) }).join(' ')).toMatch(
      /1900 to 2199/,
    );
    // Not a date at all keeps its own message.
    expect(messagesFor({ start_date: '2026-02-30' })).toEqual(['Use a real date written YYYY-MM-DD.']);
  });
});

describe('the shared calendar code, given a far or broken date', () => {
  it('reads no clock at an instant no Date holds, and no offset', () => {
    expect(wallClockParts(NaN, 'Europe/London')).toBeNull();
    expect(wallClockParts(9e15, 'Europe/London')).toBeNull();
    expect(offsetMinutesAt(NaN, 'Europe/London')).toBe(0);
    expect(offsetMinutesAt(Date.UTC(9999, 11, 31, 23), 'Asia/Tokyo')).toBe(540);
  });

  it('reads a zone the runtime does not know as UTC', () => {
    expect(offsetMinutesAt(Date.UTC(2026, 6, 1), 'Mars/Olympus_Mons')).toBe(0);
    expect(zoneName('2026-07-01', '20:00', 'Mars/Olympus_Mons', 'en-GB')).toBe('Mars/Olympus_Mons');
  });

  it('writes times on the last days there are, and never throws on a date that is not one', () => {
    expect(isoDateTime('9999-12-31', '23:30', 'Pacific/Kiritimati')).toBe('9999-12-31T23:30:00+14:00');
    expect(() => zoneName('+010000-01', '04:00', 'Europe/London')).not.toThrow();
    expect(
      describeEventTimes(
        { start_date: '9999-12-31', start_time: '22:00', end_date: '9999-12-31', end_time: '04:00' },
        'Europe/London',
        'en-GB',
      ),
    ).toBe('Fri, 31 Dec 9999, 22:00 – 04:00 GMT');
  });

  it('lists no weekly date past the event years, nor from a start date that is not one', () => {
    expect(nextWeeklyDates({ ...friday, start_date: '9999-12-30' }, now, 'Europe/London', 3)).toEqual([]);
    expect(nextWeeklyDates({ ...friday, start_date: '2199-12-20' }, now, 'Europe/London', 3)).toEqual([
      '2199-12-20',
      '2199-12-27',
    ]);
    expect(
      nextWeeklyDates({ ...friday, end_date: '9999-12-31', skipped_dates: ['9999-12-31'] }, now, 'UTC', 1),
    ).toEqual(['2026-01-16']);
    expect(nextWeeklyDates({ ...friday, start_date: '2026-1' }, now, 'Europe/London', 3)).toEqual([]);
    expect(nextWeeklyDates(friday, new Date(NaN), 'Europe/London', 3)).toEqual([]);
    expect(nextWeeklyDates(friday, new Date('9999-12-31T12:00:00Z'), 'Pacific/Kiritimati', 3)).toEqual([]);
  });

  it('makes a listing view of a stored record with far dates', () => {
    const record = v.parse(EventSchema, {
      id: 1,
      version: 1,
      title: 'Series at the end',
      bio: '',
      location_name: 'Peckham, London',
      latitude: null,
      longitude: null,
      start_date: '9999-12-30',
      start_time: null,
      end_date: '9999-12-31',
      end_time: null,
      is_recurring: true,
      is_sponsored: false,
      event_type: null,
      event_subtype: null,
      keywords: [],
      cover_image: null,
      schedule_blocks: {},
      monday: false,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: true,
      saturday: false,
      sunday: false,
      recurring_start_time: '21:00',
      recurring_end_time: '02:00',
      skipped_dates: ['9999-12-31'],
      previous_start_date: '9999-12-31',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    });
    const view = listingFromRecord(record, 'Pacific/Kiritimati', 'en-GB', new Date('9999-12-31T12:00:00Z'));
    expect(view.schedule).toEqual({ text: 'Every Fri · 21:00–02:00', next: [] });
  });
});
