import { apiRoutes } from '../contract/api-routes.ts';
import { EventListSchema, type EventList } from '../contract/event.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /events/user/` → every event of the caller, the business listing (`is_recurring`) included. */
export async function listEvents(client: ApiClient, signal?: AbortSignal): Promise<EventList> {
  const { data } = await client.request('GET', apiRoutes.eventList, signal ? { signal } : {});
  return parseResponse(EventListSchema, data, 'events list');
}
