import { apiPath, apiRoutes } from '../contract/api-routes.ts';
import { EventLinkListSchema, EventLinkSchema, type EventLink } from '../contract/event-links.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /events/{id}/links/` → the event's tagged links, oldest first (contract §11). */
export async function listEventLinks(client: ApiClient, eventId: number, signal?: AbortSignal): Promise<EventLink[]> {
  const { data } = await client.request('GET', apiPath(apiRoutes.eventLinks, { id: eventId }), {
    ...(signal ? { signal } : {}),
  });
  return parseResponse(EventLinkListSchema, data, 'event links');
}

/** `POST /events/{id}/links/` → the new link (409 for a label the event has, or past 20 links). */
export async function createEventLink(client: ApiClient, eventId: number, label: string): Promise<EventLink> {
  const { data } = await client.request('POST', apiPath(apiRoutes.eventLinks, { id: eventId }), {
    json: { label },
  });
  return parseResponse(EventLinkSchema, data, 'event link');
}
