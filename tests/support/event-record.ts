/** A valid event as the API returns it (contract §4); tests override what they look at. */
import type { EventRecord } from '../../src/shared/contract/event.ts';

export function eventRecord(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    id: 12,
    version: 3,
    title: 'Jazz on the roof',
    bio: '',
    location_name: 'Camden, London',
    latitude: 51.54,
    longitude: -0.14,
    start_date: '2026-06-01',
    start_time: '19:00',
    end_date: null,
    end_time: null,
    is_recurring: false,
    is_sponsored: true,
    event_type: null,
    event_subtype: null,
    keywords: [],
    cover_image: null,
    schedule_blocks: {},
    monday: false,
    tuesday: false,
    wednesday: false,
    thursday: false,
    friday: false,
    saturday: false,
    sunday: false,
    recurring_start_time: null,
    recurring_end_time: null,
    created_at: '2026-05-01T10:00:00Z',
    updated_at: '2026-05-01T10:00:00Z',
    ...overrides,
  };
}
