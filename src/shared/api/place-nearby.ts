import { apiRoutes } from '../contract/api-routes.ts';
import { PlaceNearbyResponseSchema, type PlaceNearbyResponse } from '../contract/places.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /media_feed/place-nearby/?lat=…&lng=…&platform=web` → the nearest known place, or null. */
export async function placeNearby(
  client: ApiClient,
  point: { lat: number; lng: number },
  signal?: AbortSignal,
): Promise<PlaceNearbyResponse['result']> {
  const { data } = await client.request('GET', apiRoutes.placeNearby, {
    query: { lat: String(point.lat), lng: String(point.lng), platform: 'web' },
    ...(signal ? { signal } : {}),
  });
  return parseResponse(PlaceNearbyResponseSchema, data, 'nearby place').result;
}
