/**
 * The Location field of a listing form (an event or the business listing):
 * the place search bound to the app's places API, writing the three location
 * fields together — typed text clears the coordinates, a chosen place sets them.
 */
import { fetchPlaceDetails, searchPlaces } from '../lib/places.ts';
import { PlacesSearch } from './places-search.tsx';

export interface LocationPatch {
  location_name: string;
  latitude: number | null;
  longitude: number | null;
}

export function LocationField({ value, edit }: { value: string; edit: (patch: LocationPatch) => void }) {
  return (
    <PlacesSearch
      value={value}
      onTextChange={(text) => edit({ location_name: text, latitude: null, longitude: null })}
      onPlace={(place) => edit({ location_name: place.description, latitude: place.lat, longitude: place.lng })}
      search={searchPlaces}
      details={fetchPlaceDetails}
    />
  );
}
