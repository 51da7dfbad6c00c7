import { apiRoutes } from '../contract/api-routes.ts';
import { PlaceDetailsResponseSchema } from '../contract/places.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

export interface PlaceLocation {
  lat: number;
  lng: number;
}

/** `GET /media_feed/place-details/?place_id=…&platform=web` → the place's coordinates. */
export async function placeDetails(client: ApiClient, placeId: string, signal?: AbortSignal): Promise<PlaceLocation> {
  const { data } = await client.request('GET', apiRoutes.placeDetails, {
    query: { place_id: placeId, platform: 'web' },
    ...(signal ? { signal } : {}),
  });
  return parseResponse(PlaceDetailsResponseSchema, data, 'place details').result.geometry.location;
}
