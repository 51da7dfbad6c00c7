/**
 * The Location part of a listing form (an event or the business listing):
 * the place search bound to the app's places API, a street address and a
 * postcode, and **Use my location**. The place picked fills the locality,
 * country and coordinates (and the street and postcode when it is a venue or
 * an address); the street and postcode can then be typed or corrected
 * without losing the pin. Editing the Location text keeps the coordinates
 * too — only **Clear place**, emptying the field or picking another place
 * changes them — and the hint under the field says where the pin is and
 * when it is only the middle of a town or district.
 */
import { useState } from 'react';
import type { AddressParts, PlaceNearbyResponse } from '../shared/contract/places.ts';
import { MAX_POSTAL_CODE_LENGTH, MAX_STREET_ADDRESS_LENGTH } from '../shared/contract/event.ts';
import { fetchPlaceDetails, findNearbyPlace, searchPlaces } from '../lib/places.ts';
import { PlacesSearch, type ChosenPlace } from './places-search.tsx';
import { Field } from './ui/field.tsx';

/** The location fields a listing form keeps together. */
export interface LocationValues {
  location_name: string;
  latitude: number | null;
  longitude: number | null;
  street_address: string;
  postal_code: string;
  locality: string;
  country_code: string;
}

export type LocationPatch = Partial<LocationValues>;

/** What the pin stands for: an exact address or venue, the middle of a town or district, or where the phone was. */
type Pin = 'exact' | 'area' | 'device';

/** Everything a chosen place sets (another place replaces the address too: it belonged to the old one). */
export function placePatch(place: ChosenPlace): LocationPatch {
  return {
    location_name: place.description,
    latitude: place.lat,
    longitude: place.lng,
    ...addressPatch(place),
  };
}

function addressPatch(parts: AddressParts): LocationPatch {
  return {
    street_address: parts.street_address ?? '',
    postal_code: parts.postal_code ?? '',
    locality: parts.locality ?? '',
    country_code: parts.country_code ?? '',
  };
}

/** A venue (business listing) as the event's place: its name and address, and its pin. */
export function venuePatch(venue: {
  title: string;
  location_name: string;
  latitude: number | null;
  longitude: number | null;
  street_address?: string;
  postal_code?: string;
  locality?: string;
  country_code?: string;
}): LocationPatch {
  const where = [venue.street_address, venue.locality].filter((part): part is string => Boolean(part));
  const parts = [venue.title];
  for (const part of where.length ? where : [venue.location_name]) if (part && !parts.includes(part)) parts.push(part);
  return {
    location_name: parts.join(', '),
    ...(venue.latitude !== null && venue.longitude !== null
      ? { latitude: venue.latitude, longitude: venue.longitude }
      : {}),
    ...addressPatch(venue),
  };
}

function pinOf(values: LocationValues): { lat: number | null; lng: number | null; pin: Pin; text: string } {
  return {
    lat: values.latitude,
    lng: values.longitude,
    pin: values.street_address ? 'exact' : 'area',
    text: values.location_name,
  };
}

const NO_PLACE: LocationPatch = { latitude: null, longitude: null, locality: '', country_code: '' };

/** What the browser said when it would not give a position. */
export function geolocationMessage(code: number | null): string {
  if (code === 1)
    return 'Location permission was refused. Allow it for this site in your browser settings, or type the place.';
  if (code === 3) return 'Finding your location took too long. Try again, or type the place.';
  if (code === 2) return 'Your device could not tell where it is. Try again, or type the place.';
  return 'This browser cannot share its location. Type the place instead.';
}

export interface LocationFieldProps {
  values: LocationValues;
  edit: (patch: LocationPatch) => void;
  /** Injected for tests; default: the app's places API. */
  search?: typeof searchPlaces;
  details?: typeof fetchPlaceDetails;
  nearby?: (point: { lat: number; lng: number }) => Promise<PlaceNearbyResponse['result']>;
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | null;
}

export function LocationField({
  values,
  edit,
  search = searchPlaces,
  details = fetchPlaceDetails,
  nearby = findNearbyPlace,
  geolocation = typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null,
}: LocationFieldProps) {
  const hasPin = values.latitude !== null && values.longitude !== null;
  // What the pin stands for, and the text it was set with, for the pin the form holds now. A pin
  // set from outside (a saved listing, a venue chosen in the Venue field) was set at its street
  // address when it has one, else at its town or district.
  const [pinned, setPinned] = useState(() => pinOf(values));
  if (pinned.lat !== values.latitude || pinned.lng !== values.longitude) setPinned(pinOf(values));
  const pin = pinned.pin;
  const pinnedAs = pinned.text;
  const [locating, setLocating] = useState(false);
  const [locateMessage, setLocateMessage] = useState<string | null>(null);

  function onPlace(place: ChosenPlace) {
    setPinned({
      lat: place.lat,
      lng: place.lng,
      pin: place.street_address ? 'exact' : 'area',
      text: place.description,
    });
    setLocateMessage(null);
    edit(placePatch(place));
  }

  function onText(text: string) {
    // The text is free to say more ("Upstairs at the Harbour"): the pin stays unless the place is emptied.
    edit(text.trim() === '' ? { location_name: text, ...NO_PLACE } : { location_name: text });
  }

  function clearPlace() {
    setLocateMessage(null);
    edit({ location_name: '', street_address: '', postal_code: '', ...NO_PLACE });
  }

  function useMyLocation() {
    if (!geolocation) {
      setLocateMessage(geolocationMessage(null));
      return;
    }
    setLocating(true);
    setLocateMessage('Finding where you are…');
    // The browser asks for permission here, on the tap, and never before.
    geolocation.getCurrentPosition(
      (position) => {
        const point = { lat: position.coords.latitude, lng: position.coords.longitude };
        void nearby(point)
          .catch((error: unknown) => {
            console.error('Nearby place failed', error);
            return null;
          })
          .then((place) => {
            setLocating(false);
            // The phone's own position is the pin; the nearest known place names it.
            const name = place?.description ?? (values.location_name.trim() || 'My location');
            setPinned({ lat: point.lat, lng: point.lng, pin: 'device', text: name });
            edit({
              location_name: name,
              latitude: point.lat,
              longitude: point.lng,
              ...addressPatch(place ?? {}),
            });
            setLocateMessage(
              place
                ? `Pinned where you are, near ${place.description}. Add the street address below if you know it.`
                : 'Pinned where you are. Type the name of the place above.',
            );
          });
      },
      (error) => {
        setLocating(false);
        setLocateMessage(geolocationMessage(error.code));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  const town = values.locality || pinnedAs.split(',')[0]?.trim() || 'the place';
  const pinHint = !hasPin
    ? values.location_name.trim()
      ? 'No map pin yet: pick a suggestion or use your location, so the map link and venue search work.'
      : null
    : pin === 'exact'
      ? 'Map pin at this address.'
      : pin === 'device'
        ? 'Map pin where you were when you tapped Use my location.'
        : `Map pin is approximate: the middle of ${town}. Pick a venue or an address from the suggestions for an exact pin.`;
  const textHint =
    hasPin && pinnedAs && values.location_name.trim() !== pinnedAs.trim()
      ? ' The text changed; the pin stays where it was until you pick another place or clear it.'
      : '';

  return (
    <div className="location-field">
      <PlacesSearch
        value={values.location_name}
        onTextChange={onText}
        onPlace={onPlace}
        search={search}
        details={details}
        hint={
          pinHint || textHint ? (
            <span className="location-field__pin">
              {pinHint}
              {textHint}
            </span>
          ) : undefined
        }
      />
      <div className="location-field__actions">
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={useMyLocation}
          disabled={locating}
        >
          {locating ? 'Finding you…' : 'Use my location'}
        </button>
        {hasPin || values.location_name ? (
          <button type="button" className="button button--small button--quiet" onClick={clearPlace}>
            Clear place
          </button>
        ) : null}
      </div>
      <p className="location-field__status" role="status">
        {locateMessage}
      </p>
      <div className="field-grid">
        <Field label="Street address">
          {(control) => (
            <input
              {...control}
              type="text"
              placeholder="e.g. 133 Rye Lane"
              autoComplete="street-address"
              maxLength={MAX_STREET_ADDRESS_LENGTH}
              value={values.street_address}
              onChange={(event) => edit({ street_address: event.target.value })}
            />
          )}
        </Field>
        <Field label="Postcode">
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="postal-code"
              autoCapitalize="characters"
              maxLength={MAX_POSTAL_CODE_LENGTH}
              value={values.postal_code}
              onChange={(event) => edit({ postal_code: event.target.value })}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
