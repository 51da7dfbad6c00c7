import { describe, expect, it } from 'vitest';
import {
  buildBusinessCreate,
  buildBusinessUpdate,
  businessFromRecord,
  emptyBusinessForm,
  withCategory,
} from '../../src/features/business/business-form.ts';
import { NO_DAYS } from '../../src/components/weekdays.ts';

describe('business listing writes', () => {
  const values = {
    ...emptyBusinessForm,
    title: 'Harbour Lights',
    bio: 'Cocktails by the canal',
    event_type: 'drinks' as const,
    event_subtype: 'Cocktail Bar',
    keywords: ['cocktails', 'canal'],
    schedule_blocks: { monday: [{ start: '17:00', end: '23:00' }], tuesday: [] },
    days: { ...NO_DAYS, monday: true },
    recurring_start_time: '17:00',
    recurring_end_time: '23:00',
  };

  it('creates a recurring record with JSON-able keywords and blocks, then the weekly follow-up', () => {
    const write = buildBusinessCreate(values);
    expect(write.fields).toEqual({
      title: 'Harbour Lights',
      bio: 'Cocktails by the canal',
      location_name: '',
      is_recurring: true,
      is_sponsored: false,
      event_type: 'drinks',
      event_subtype: 'Cocktail Bar',
      keywords: ['cocktails', 'canal'],
      schedule_blocks: { monday: [{ start: '17:00', end: '23:00' }] },
    });
    expect(write.recurringFollowUp).toMatchObject({ is_recurring: true, monday: true, sunday: false });
  });

  it('updates only what changed', () => {
    const before = businessFromRecord({ ...values, schedule_blocks: values.schedule_blocks, monday: true });
    expect(buildBusinessUpdate(before, before)).toEqual({});
    expect(buildBusinessUpdate({ ...before, keywords: ['cocktails'] }, before)).toEqual({ keywords: ['cocktails'] });
  });

  it('keeps the subcategory only when it belongs to the new category', () => {
    expect(withCategory(values, 'food').event_subtype).toBe('African');
    expect(withCategory({ ...values, event_subtype: 'Bar' }, 'drinks').event_subtype).toBe('Bar');
  });
});
