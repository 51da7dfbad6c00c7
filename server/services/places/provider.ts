/**
 * Where place suggestions come from. The routes talk to this interface only:
 * the built-in gazetteer by default (works with no internet access), Google
 * Places when GOOGLE_PLACES_KEY is set, an OpenStreetMap geocoder (Photon)
 * when GEOCODER_URL is set — falling back to the gazetteer whenever it does
 * not answer in time. Business listings (venues) are offered by name in front
 * of any of them (venue-places.ts).
 */
import type { AddressParts, PlacePrediction } from '../../../src/shared/contract/places.ts';

export interface PlaceLocation extends AddressParts {
  lat: number;
  lng: number;
  name?: string;
  formatted_address?: string;
}

/** The nearest known place to a point, as a suggestion with its location. */
export interface NearbyPlace extends PlaceLocation {
  place_id: string;
  description: string;
}

export interface PlacesProvider {
  autocomplete(input: string): Promise<PlacePrediction[]>;
  /** The place's location, or null when the id is unknown. */
  details(placeId: string): Promise<PlaceLocation | null>;
  /** The nearest place this provider knows to a point, or null (absent: the provider cannot say). */
  nearby?(lat: number, lng: number): Promise<NearbyPlace | null>;
}
