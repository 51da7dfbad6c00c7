import { EventSchema, type EventRecord } from '../contract/event.ts';
import type { ApiClient } from './api-client.ts';
import { eventForm, type EventFieldMap } from './event-form.ts';
import { parseResponse } from './parse-response.ts';
import { writeHeaders, type WriteOptions } from './write-options.ts';

export interface UpdateEventOptions extends WriteOptions {
  /** The version the user edited: a stale one answers 412 with the current event (ApiError.body). */
  ifMatch?: number;
}

/** `PUT /events/{id}/update/` (multipart) → the updated event. */
export async function updateEvent(
  client: ApiClient,
  id: number,
  fields: EventFieldMap,
  cover?: Blob,
  options: UpdateEventOptions = {},
): Promise<EventRecord> {
  const { data } = await client.request('PUT', `/events/${id}/update/`, {
    form: eventForm(fields, cover),
    ...writeHeaders(options),
  });
  return parseResponse(EventSchema, data, 'event update');
}
