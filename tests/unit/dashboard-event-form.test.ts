import { describe, expect, it, vi } from 'vitest';
import {
  buildCreate,
  buildUpdate,
  duplicateOnto,
  emptyEventForm,
  formProblem,
  formFromRecord,
  type EventFormValues,
} from '../../src/features/events/event-form.ts';
import { NO_DAYS } from '../../src/components/weekdays.ts';

const base: EventFormValues = { ...emptyEventForm, title: 'Quiz night', location_name: 'The Crown' };

describe('event writes (product §5, §7)', () => {
  it('sends no dates, times or coordinates that were not filled', () => {
    expect(buildCreate(base)).toEqual({
      fields: { title: 'Quiz night', location_name: 'The Crown', is_recurring: false, is_sponsored: false },
    });
  });

  it('sends each date and time only when filled', () => {
    const { fields } = buildCreate({ ...base, start_date: '2026-06-01', end_time: '23:00' });
    expect(fields).toMatchObject({ start_date: '2026-06-01', end_time: '23:00' });
    expect(fields).not.toHaveProperty('start_time');
    expect(fields).not.toHaveProperty('end_date');
  });

  it('sends latitude and longitude only when a place set them', () => {
    expect(buildCreate({ ...base, latitude: 51.5 }).fields).not.toHaveProperty('latitude');
    expect(buildCreate({ ...base, latitude: 51.5, longitude: -0.12 }).fields).toMatchObject({
      latitude: 51.5,
      longitude: -0.12,
    });
  });

  it('a recurring event sends no dates and gets the follow-up with the days and hours', () => {
    const write = buildCreate({
      ...base,
      is_recurring: true,
      start_date: '2026-06-01',
      days: { ...NO_DAYS, monday: true, friday: true },
      recurring_start_time: '18:00',
      recurring_end_time: '23:30',
    });
    expect(write.fields).not.toHaveProperty('start_date');
    expect(write.fields.is_recurring).toBe(true);
    expect(write.recurringFollowUp).toEqual({
      is_recurring: true,
      monday: true,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: true,
      saturday: false,
      sunday: false,
      recurring_start_time: '18:00',
      recurring_end_time: '23:30',
    });
  });

  it('an update sends only the changed fields, and clears a date the user emptied', () => {
    const before = formFromRecord({
      title: 'Quiz night',
      location_name: 'The Crown',
      start_date: '2026-06-01',
      start_time: '19:00',
      is_recurring: false,
      is_sponsored: false,
    });
    expect(buildUpdate(before, before)).toEqual({});
    expect(buildUpdate({ ...before, title: 'Big quiz', start_time: '' }, before)).toEqual({
      title: 'Big quiz',
      start_time: '',
    });
  });

  it('duplicates onto a date, keeping the length in days', () => {
    const copy = duplicateOnto({ ...base, start_date: '2026-06-01', end_date: '2026-06-03' }, '2026-07-10');
    expect(copy).toMatchObject({ start_date: '2026-07-10', end_date: '2026-07-12', title: 'Quiz night' });
  });
});

describe('card dates', () => {
  it('writes weekly days as ranges and one-off events as dates with times', async () => {
    const { describeWhen, dayRanges } = await import('../../src/features/events/event-when.ts');
    expect(dayRanges([true, true, true, true, true, false, true])).toEqual(['Mon–Fri', 'Sun']);
    expect(dayRanges([true, false, true, true, false, false, false])).toEqual(['Mon', 'Wed', 'Thu']);
    expect(
      describeWhen({
        is_recurring: true,
        monday: true,
        tuesday: true,
        wednesday: true,
        recurring_start_time: '08:00',
        recurring_end_time: '18:00',
      }),
    ).toBe('Mon–Wed · 08:00–18:00');
    expect(describeWhen({ is_recurring: false, start_date: null, start_time: null })).toBeNull();
  });

  it('writes dates as the poster and public page do, with formatters made once, not per card', async () => {
    const { describeWhen } = await import('../../src/features/events/event-when.ts');
    const { describeEventTimes } = await import('../../src/components/listing/listing-time.ts');
    const times = { start_date: '2026-10-02', start_time: '19:30', end_date: null, end_time: null };
    const expected = describeEventTimes(times, 'Europe/London');
    expect(expected).toMatch(/2026/);
    const Original = Intl.DateTimeFormat;
    let constructed = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        constructed += 1;
      }
    } as typeof Intl.DateTimeFormat;
    const perCall = vi.spyOn(Date.prototype, 'toLocaleDateString');
    try {
      for (let card = 0; card < 500; card += 1) {
        expect(describeWhen({ is_recurring: false, start_date: '2026-10-02', start_time: '19:30' })).toBe(expected);
      }
      // The Events screen re-renders every card while the outbox drains (scripts/bench/outbox-browser.ts).
      expect(constructed).toBe(0);
      expect(perCall).not.toHaveBeenCalled();
    } finally {
      Intl.DateTimeFormat = Original;
      perCall.mockRestore();
    }
  });
});

describe('event form validation by the contract', () => {
  it('answers with the contract’s own sentences, the same the server would send', () => {
    expect(formProblem({ ...base, title: 'x'.repeat(201) })).toBe('Title can have at most 200 characters.');
    expect(
      formProblem({
        ...base,
        start_date: '2026-12-01',
        end_date: '2026-12-01',
        start_time: '20:00',
        end_time: '19:00',
      }),
    ).toBe('The end time cannot be before the start time on the same day.');
    expect(formProblem({ ...base, start_date: '2026-12-02', end_date: '2026-12-01' })).toBe(
      'The end date cannot be before the start date.',
    );
    expect(formProblem(base)).toBeNull();
  });
});
