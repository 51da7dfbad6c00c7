import { apiRoutes } from '../contract/api-routes.ts';
import { MatchingBusinessesResponseSchema, type MatchingBusiness } from '../contract/places.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /events/events/matching_businesses/?venue=…&lat=…&lng=…` → business listings near the point, nearest first. */
export async function matchingBusinesses(
  client: ApiClient,
  query: { venue: string; lat: number; lng: number },
  signal?: AbortSignal,
): Promise<MatchingBusiness[]> {
  const { data } = await client.request('GET', apiRoutes.matchingBusinesses, {
    query: { venue: query.venue, lat: String(query.lat), lng: String(query.lng) },
    ...(signal ? { signal } : {}),
  });
  return parseResponse(MatchingBusinessesResponseSchema, data, 'matching businesses').candidates;
}
