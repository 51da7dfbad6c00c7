/**
 * Where place suggestions come from. The routes talk to this interface only:
 * the built-in gazetteer by default (works with no internet access), Google
 * Places when GOOGLE_PLACES_KEY is set.
 */
import type { PlacePrediction } from '../../../src/shared/contract/places.ts';

export interface PlaceLocation {
  lat: number;
  lng: number;
  name?: string;
  formatted_address?: string;
}

export interface PlacesProvider {
  autocomplete(input: string): Promise<PlacePrediction[]>;
  /** The place's location, or null when the id is unknown. */
  details(placeId: string): Promise<PlaceLocation | null>;
}
