import { EventSchema, type EventRecord } from '../contract/event.ts';
import type { ApiClient } from './api-client.ts';
import { eventForm, type EventFieldMap } from './event-form.ts';
import { parseResponse } from './parse-response.ts';
import { writeHeaders, type WriteOptions } from './write-options.ts';

/** `POST /events/create/` (multipart) → 201 the event, with its `id`. */
export async function createEvent(
  client: ApiClient,
  fields: EventFieldMap,
  cover?: Blob,
  options: WriteOptions = {},
): Promise<EventRecord> {
  const { data } = await client.request('POST', '/events/create/', {
    form: eventForm(fields, cover),
    ...writeHeaders(options),
  });
  return parseResponse(EventSchema, data, 'event create');
}
