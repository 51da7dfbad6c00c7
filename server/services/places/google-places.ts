/**
 * Google Places (legacy Autocomplete and Place Details web services), used
 * when GOOGLE_PLACES_KEY is set. The key stays on the server; the browser only
 * ever talks to our API. `fetch` is injectable for tests.
 */
import type { PlacePrediction } from '../../../src/shared/contract/places.ts';
import type { PlaceLocation, PlacesProvider } from './provider.ts';

const base = 'https://maps.googleapis.com/maps/api/place';

export function googlePlaces(key: string, fetchFn: typeof fetch = fetch): PlacesProvider {
  async function call(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(`${base}/${path}/json`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('key', key);
    const response = await fetchFn(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`Google Places answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  }
  return {
    async autocomplete(input): Promise<PlacePrediction[]> {
      const body = await call('autocomplete', { input });
      const predictions = Array.isArray(body.predictions) ? (body.predictions as Record<string, unknown>[]) : [];
      return predictions
        .filter((p) => typeof p.place_id === 'string' && typeof p.description === 'string')
        .map((p) => ({ place_id: p.place_id as string, description: p.description as string }));
    },
    async details(placeId): Promise<PlaceLocation | null> {
      const body = await call('details', { place_id: placeId, fields: 'geometry,name,formatted_address' });
      const result = body.result as
        | { geometry?: { location?: { lat?: unknown; lng?: unknown } }; name?: unknown; formatted_address?: unknown }
        | undefined;
      const lat = result?.geometry?.location?.lat;
      const lng = result?.geometry?.location?.lng;
      if (typeof lat !== 'number' || typeof lng !== 'number') return null;
      return {
        lat,
        lng,
        ...(typeof result?.name === 'string' ? { name: result.name } : {}),
        ...(typeof result?.formatted_address === 'string' ? { formatted_address: result.formatted_address } : {}),
      };
    },
  };
}
