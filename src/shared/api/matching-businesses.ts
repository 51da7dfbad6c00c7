import { apiRoutes } from '../contract/api-routes.ts';
import { MatchingBusinessesResponseSchema, type MatchingBusiness } from '../contract/places.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/**
 * `GET /events/events/matching_businesses/?venue=…&lat=…&lng=…` → business listings whose name matches,
 * best match first, then nearest to the point (when one is given).
 */
export async function matchingBusinesses(
  client: ApiClient,
  query: { venue: string; lat?: number | null; lng?: number | null },
  signal?: AbortSignal,
): Promise<MatchingBusiness[]> {
  const point =
    query.lat !== undefined && query.lat !== null && query.lng !== undefined && query.lng !== null
      ? { lat: String(query.lat), lng: String(query.lng) }
      : {};
  const { data } = await client.request('GET', apiRoutes.matchingBusinesses, {
    query: { venue: query.venue, ...point },
    ...(signal ? { signal } : {}),
  });
  return parseResponse(MatchingBusinessesResponseSchema, data, 'matching businesses').candidates;
}
