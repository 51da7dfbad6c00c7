import { describe, expect, it } from 'vitest';
import { hoursLines } from '../../src/components/listing-preview-card.tsx';
import { NO_DAYS } from '../../src/components/weekdays.ts';

describe('listing preview hours', () => {
  it('groups consecutive days with the same blocks', () => {
    const day = [{ start: '08:00', end: '18:00' }];
    const late = [
      { start: '08:00', end: '14:00' },
      { start: '17:00', end: '23:00' },
    ];
    const lines = hoursLines({
      schedule: { monday: day, tuesday: day, wednesday: day, friday: late, saturday: late, sunday: day },
      days: NO_DAYS,
      opening: '',
      closing: '',
    });
    expect(lines).toEqual(['Mon–Wed 08:00–18:00', 'Fri–Sat 08:00–14:00, 17:00–23:00', 'Sun 08:00–18:00']);
  });

  it('falls back to the weekly days and opening times without blocks', () => {
    expect(
      hoursLines({ schedule: {}, days: { ...NO_DAYS, friday: true }, opening: '18:00', closing: '02:00' }),
    ).toEqual(['Fri 18:00–02:00']);
  });
});
