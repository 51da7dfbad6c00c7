/**
 * `PUT /events/{id}/update/` multipart → 200 the event. With `ifMatch` (the
 * version the user edited) a stale edit answers 412 with the current event
 * (ApiError.body) instead of overwriting someone else's change (contract §3).
 */
import { apiPath, apiRoutes } from '../../contract/api-routes.ts';
import { EventSchema, type EventRecord } from '../../contract/event.ts';
import type { ApiClient } from '../api-client.ts';
import { eventMultipart, type EventFieldMap } from './event-multipart.ts';
import { sendWrite, writeOptions, type WriteOptions, type WriteRequest } from './write-request.ts';

export interface UpdateEventOptions extends WriteOptions {
  ifMatch?: number | null;
}

export function updateEventRequest(
  id: number,
  fields: EventFieldMap,
  cover?: Blob,
  options: UpdateEventOptions = {},
): WriteRequest {
  return {
    method: 'PUT',
    path: apiPath(apiRoutes.updateEvent, { id }),
    options: { form: eventMultipart(fields, cover), ...writeOptions(options) },
  };
}

export const updateEventResponse = { schema: EventSchema, what: 'event update' } as const;

export function updateEvent(
  client: Pick<ApiClient, 'request'>,
  id: number,
  fields: EventFieldMap,
  cover?: Blob,
  options: UpdateEventOptions = {},
): Promise<EventRecord> {
  return sendWrite(
    client,
    updateEventRequest(id, fields, cover, options),
    updateEventResponse.schema,
    updateEventResponse.what,
  );
}
