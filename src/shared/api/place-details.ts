import { apiRoutes } from '../contract/api-routes.ts';
import { PlaceDetailsResponseSchema, type AddressParts } from '../contract/places.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** A place's coordinates and whatever it knows of its address (a venue or a street address: its street). */
export interface PlaceLocation extends AddressParts {
  lat: number;
  lng: number;
}

/** `GET /media_feed/place-details/?place_id=…&platform=web` → the place's coordinates and address parts. */
export async function placeDetails(client: ApiClient, placeId: string, signal?: AbortSignal): Promise<PlaceLocation> {
  const { data } = await client.request('GET', apiRoutes.placeDetails, {
    query: { place_id: placeId, platform: 'web' },
    ...(signal ? { signal } : {}),
  });
  const { result } = parseResponse(PlaceDetailsResponseSchema, data, 'place details');
  const parts: AddressParts = {};
  for (const key of ['street_address', 'postal_code', 'locality', 'country_code'] as const) {
    const value = result[key];
    if (value) parts[key] = value;
  }
  return { ...result.geometry.location, ...parts };
}
