/** The places fetchers the Location and Venue comboboxes use, bound to the page's API client. */
import { matchingBusinesses } from '../shared/api/matching-businesses.ts';
import { placeDetails } from '../shared/api/place-details.ts';
import { placeNearby } from '../shared/api/place-nearby.ts';
import { placesAutocomplete } from '../shared/api/places-autocomplete.ts';
import { api } from './api.ts';

export const searchPlaces = (input: string, signal: AbortSignal) => placesAutocomplete(api, input, signal);
export const fetchPlaceDetails = (placeId: string) => placeDetails(api, placeId);
export const findNearbyPlace = (point: { lat: number; lng: number }) => placeNearby(api, point);
export const findVenues = (query: { venue: string; lat: number | null; lng: number | null }, signal: AbortSignal) =>
  matchingBusinesses(api, query, signal);
