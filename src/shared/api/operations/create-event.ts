/** `POST /events/create/` multipart → 201 the event, with its `id` (product §7, contract §3). */
import { apiRoutes } from '../../contract/api-routes.ts';
import { EventSchema, type EventRecord } from '../../contract/event.ts';
import type { ApiClient } from '../api-client.ts';
import { eventMultipart, type EventFieldMap } from './event-multipart.ts';
import { sendWrite, writeOptions, type WriteOptions, type WriteRequest } from './write-request.ts';

export function createEventRequest(fields: EventFieldMap, cover?: Blob, options: WriteOptions = {}): WriteRequest {
  return {
    method: 'POST',
    path: apiRoutes.createEvent,
    options: { form: eventMultipart(fields, cover), ...writeOptions(options) },
  };
}

export const createEventResponse = { schema: EventSchema, what: 'event create' } as const;

export function createEvent(
  client: Pick<ApiClient, 'request'>,
  fields: EventFieldMap,
  cover?: Blob,
  options: WriteOptions = {},
): Promise<EventRecord> {
  return sendWrite(
    client,
    createEventRequest(fields, cover, options),
    createEventResponse.schema,
    createEventResponse.what,
  );
}
