/**
 * An OpenStreetMap geocoder with Photon's API (`GET /api?q=…&limit=…` and
 * `GET /reverse?lat=…&lon=…`, both GeoJSON), used when GEOCODER_URL is set:
 * it knows streets, house numbers, postcodes, neighbourhoods ("Shoreditch")
 * and named places, which the built-in gazetteer of towns does not. Only the
 * server talks to it; `fetch` is injectable for tests. Every call has a
 * deadline; what happens when it fails is geocoder-fallback.ts's business.
 */
import type { PlacePrediction } from '../../../src/shared/contract/places.ts';
import { describeOsmPlace, decodeOsmPlaceId, encodeOsmPlaceId, osmLocation, type OsmPlace } from './osm-place-id.ts';
import type { NearbyPlace, PlaceLocation, PlacesProvider } from './provider.ts';

/** Suggestions asked for (the API answers at most 5). */
const LIMIT = 5;
/** The largest answer read; a bigger one is a failure, not a memory cost. */
const MAX_BODY_BYTES = 256 * 1024;

export interface PhotonOptions {
  /** The API's base URL, e.g. `http://127.0.0.1:2322`. */
  url: string;
  timeoutMs: number;
  fetchFn?: typeof fetch;
}

interface PhotonFeature {
  geometry?: { coordinates?: unknown };
  properties?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

/** One GeoJSON feature as a place, or null when it has no usable point. */
export function photonPlace(feature: PhotonFeature): OsmPlace | null {
  const coordinates = feature.geometry?.coordinates;
  if (!Array.isArray(coordinates)) return null;
  const [lng, lat] = coordinates as unknown[];
  if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const p = feature.properties ?? {};
  const houseNumber = text(p.housenumber);
  const streetName = text(p.street);
  // A street alone ("Rye Lane" found as a road) is a street without a number: keep its name as the street.
  const isStreet = text(p.osm_key) === 'highway';
  const street = streetName
    ? houseNumber
      ? `${houseNumber} ${streetName}`
      : streetName
    : isStreet
      ? text(p.name)
      : '';
  const locality = text(p.city) || text(p.town) || text(p.village) || text(p.locality) || text(p.district);
  const name = text(p.name) && text(p.name) !== street ? text(p.name) : '';
  const country = text(p.countrycode).toUpperCase();
  return {
    lat,
    lng,
    name,
    street,
    postcode: text(p.postcode),
    locality,
    country: /^[A-Z]{2}$/.test(country) ? country : '',
  };
}

export function photon(options: PhotonOptions): PlacesProvider {
  const fetchFn = options.fetchFn ?? fetch;
  const base = options.url.replace(/\/+$/, '');

  async function features(path: string, params: Record<string, string>): Promise<OsmPlace[]> {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const response = await fetchFn(url, {
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`The geocoder answered ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_BODY_BYTES) throw new Error('The geocoder answered too much');
    const body = await response.text();
    if (body.length > MAX_BODY_BYTES) throw new Error('The geocoder answered too much');
    const parsed = JSON.parse(body) as { features?: unknown };
    if (!Array.isArray(parsed.features)) throw new Error('The geocoder answered no features');
    const places: OsmPlace[] = [];
    for (const feature of parsed.features.slice(0, LIMIT)) {
      const place = photonPlace(feature as PhotonFeature);
      if (place && describeOsmPlace(place)) places.push(place);
    }
    return places;
  }

  return {
    async autocomplete(input): Promise<PlacePrediction[]> {
      const places = await features('/api', { q: input, limit: String(LIMIT), lang: 'en' });
      const seen = new Set<string>();
      const predictions: PlacePrediction[] = [];
      for (const place of places) {
        const description = describeOsmPlace(place);
        if (seen.has(description)) continue;
        seen.add(description);
        predictions.push({ place_id: encodeOsmPlaceId(place), description });
      }
      return predictions;
    },
    async details(placeId): Promise<PlaceLocation | null> {
      const place = decodeOsmPlaceId(placeId);
      return place ? osmLocation(place) : null;
    },
    async nearby(lat, lng): Promise<NearbyPlace | null> {
      const [place] = await features('/reverse', { lat: String(lat), lon: String(lng), limit: '1', lang: 'en' });
      if (!place) return null;
      return { place_id: encodeOsmPlaceId(place), description: describeOsmPlace(place), ...osmLocation(place) };
    },
  };
}
