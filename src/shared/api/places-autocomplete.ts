import { apiRoutes } from '../contract/api-routes.ts';
import { PlacesAutocompleteResponseSchema, type PlacePrediction } from '../contract/places.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /media_feed/places-autocomplete/?input=…&platform=web` → predictions. */
export async function placesAutocomplete(
  client: ApiClient,
  input: string,
  signal?: AbortSignal,
): Promise<PlacePrediction[]> {
  const { data } = await client.request('GET', apiRoutes.placesAutocomplete, {
    query: { input, platform: 'web' },
    ...(signal ? { signal } : {}),
  });
  return parseResponse(PlacesAutocompleteResponseSchema, data, 'places autocomplete').predictions;
}
