/**
 * An event as a promoter fills in the editor: every field the dashboard's
 * form has, for benchmarks and tests that send what the dashboard sends
 * (scripts/bench/versus-drf.ts, tests/api/dashboard-saves-reach-the-database-in-few-writes.test.ts).
 */
import { emptyEventForm, type EventFormValues } from '../../src/features/events/event-form.ts';

export function editorFormValues(title: string, bio = 'An evening of music and food by the river.'): EventFormValues {
  return {
    ...emptyEventForm,
    title,
    location_name: 'London, England, GB',
    latitude: 51.5085,
    longitude: -0.1257,
    start_date: '2026-12-01',
    start_time: '19:00',
    end_date: '2026-12-01',
    end_time: '23:00',
    bio,
    event_type: 'music',
    event_subtype: 'Jazz',
    keywords: ['jazz', 'river', 'late'],
  };
}
