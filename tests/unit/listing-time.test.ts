/**
 * When a listing happens, in words and for schema.org
 * (src/components/listing/listing-time.ts): wall-clock times read in the
 * brand's zone get the offset of that date, across daylight-saving changes.
 */
import { describe, expect, it } from 'vitest';
import { listingFromRecord } from '../../src/components/listing/listing-model.ts';
import { describeEventTimes, isoDateTime } from '../../src/components/listing/listing-time.ts';
import { requestLocale } from '../../server/pages/request-locale.ts';
import { eventRecord } from '../support/event-record.ts';

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
      describeEventTimes(
        { start_date: '2026-12-05', start_time: '19:00', end_date: null, end_time: '23:00' },
        zone,
        'en-GB',
      ),
    ).toBe('Sat, 5 Dec 2026, 19:00 – 23:00 GMT');
    expect(
      describeEventTimes(
        { start_date: '2026-07-03', start_time: '22:00', end_date: '2026-07-04', end_time: '04:00' },
        zone,
        'en-GB',
      ),
    ).toBe('Fri, 3 Jul 2026, 22:00 – Sat, 4 Jul 2026, 04:00 BST');
    expect(
      describeEventTimes({ start_date: '2026-07-03', start_time: null, end_date: null, end_time: null }, zone, 'en-GB'),
    ).toBe('Fri, 3 Jul 2026');
    expect(describeEventTimes({ start_date: null, start_time: null, end_date: null, end_time: null }, zone)).toBeNull();
  });

  it("writes the reader's locale: the order of day and month and the clock follow it", () => {
    const event = { start_date: '2026-12-12', start_time: '20:00', end_date: null, end_time: '23:00' };
    expect(describeEventTimes(event, 'Europe/London', 'en-GB')).toBe('Sat, 12 Dec 2026, 20:00 – 23:00 GMT');
    expect(describeEventTimes(event, 'Europe/London', 'en-US')).toBe('Sat, Dec 12, 2026, 8:00 PM – 11:00 PM GMT');
    expect(describeEventTimes(event, 'Europe/London', 'de-DE')).toMatch(/^Sa\., 12\. Dez\. 2026, 20:00 – 23:00 /);
  });
});

describe('one date format for cards, the poster and the public page', () => {
  const record = {
    ...eventRecord({ title: 'Harbour night', start_date: '2026-12-12', start_time: '20:00', end_time: '23:00' }),
  };

  it('in the same locale, all three write the same words', async () => {
    const { describeWhen } = await import('../../src/features/events/event-when.ts');
    const { posterWhen } = await import('../../src/components/share/qr-poster.tsx');
    const runtime = new Intl.DateTimeFormat().resolvedOptions().locale;
    const page = listingFromRecord(record, 'Europe/London', requestLocale(runtime)).when;
    expect(page).toBe(describeWhen(record));
    expect(posterWhen(record)).toEqual([page]);
  });

  it('the public page takes the locale from Accept-Language, falling back to en-GB', () => {
    expect(requestLocale('en-US,en;q=0.9')).toBe('en-US');
    expect(requestLocale('xx-invalid;q=1, fr-FR;q=0.8')).toBe('fr-FR');
    expect(requestLocale('*')).toBe('en-GB');
    expect(requestLocale(undefined)).toBe('en-GB');
    expect(requestLocale('de;q=0.5, en-GB;q=0.9')).toBe('en-GB');
    // Extensions are dropped: a header picks a language and a region, not a calendar.
    expect(requestLocale('th-TH-u-ca-buddhist-nu-thai')).toBe('th-TH');
    expect(requestLocale(`${'x'.repeat(10_000)},en-US`)).toBe('en-GB');
    expect(listingFromRecord(record, 'Europe/London', requestLocale('en-US')).when).toBe(
      'Sat, Dec 12, 2026, 8:00 PM – 11:00 PM GMT',
    );
  });
});
