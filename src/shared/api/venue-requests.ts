import { apiRoutes } from '../contract/api-routes.ts';
import { VenueRequestsResponseSchema, type VenueRequest } from '../contract/venue-approval.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /events/venue/requests/` → requests to list events at the caller's business listing. */
export async function venueRequests(client: ApiClient, signal?: AbortSignal): Promise<VenueRequest[]> {
  const { data } = await client.request('GET', apiRoutes.venueRequests, signal ? { signal } : {});
  return parseResponse(VenueRequestsResponseSchema, data, 'venue requests').requests;
}
