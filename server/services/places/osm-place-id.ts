/**
 * Place ids of addresses found by the OpenStreetMap geocoder carry the place
 * itself: `osm:` and the base64url JSON of [lat, lng, name, street, postcode,
 * locality, country]. Details then need no second call and no memory shared
 * between instances (a suggestion listed by one instance is chosen on another,
 * or after a restart). A caller can only ever get back what it sent, so a
 * forged id changes nothing but its own answer; it is checked all the same.
 */
import type { PlaceLocation } from './provider.ts';

const PREFIX = 'osm:';
/** Each part is cut to this many characters, so an id stays under MAX_PLACE_ID_LENGTH. */
const PART_LIMITS = { name: 80, street: 80, postcode: 12, locality: 60 } as const;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export interface OsmPlace {
  lat: number;
  lng: number;
  name: string;
  street: string;
  postcode: string;
  locality: string;
  /** ISO 3166-1 alpha-2, upper case, or ''. */
  country: string;
}

const cut = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

export function encodeOsmPlaceId(place: OsmPlace): string {
  const parts = [
    Math.round(place.lat * 1e6) / 1e6,
    Math.round(place.lng * 1e6) / 1e6,
    cut(place.name, PART_LIMITS.name),
    cut(place.street, PART_LIMITS.street),
    cut(place.postcode, PART_LIMITS.postcode),
    cut(place.locality, PART_LIMITS.locality),
    /^[A-Z]{2}$/.test(place.country) ? place.country : '',
  ];
  return PREFIX + Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

export function isOsmPlaceId(placeId: string): boolean {
  return placeId.startsWith(PREFIX);
}

/** The place an `osm:` id names, or null when it is not one this server could have made. */
export function decodeOsmPlaceId(placeId: string): OsmPlace | null {
  if (!isOsmPlaceId(placeId)) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(placeId.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 7) return null;
  const [lat, lng, name, street, postcode, locality, country] = parts as unknown[];
  if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const texts = [name, street, postcode, locality, country];
  const limits = [PART_LIMITS.name, PART_LIMITS.street, PART_LIMITS.postcode, PART_LIMITS.locality, 2];
  for (const [i, text] of texts.entries()) {
    if (typeof text !== 'string' || text.length > limits[i]! || CONTROL_CHARACTERS.test(text)) return null;
  }
  if (country !== '' && !/^[A-Z]{2}$/.test(country as string)) return null;
  return {
    lat,
    lng,
    name: name as string,
    street: street as string,
    postcode: postcode as string,
    locality: locality as string,
    country: country as string,
  };
}

/** "The Harbour, 133 Rye Lane, London, SE15 4ST, GB": what a suggestion shows and Location is filled with. */
export function describeOsmPlace(place: OsmPlace): string {
  const parts: string[] = [];
  for (const part of [place.name, place.street, place.locality, place.postcode, place.country]) {
    if (part && !parts.includes(part)) parts.push(part);
  }
  return parts.join(', ');
}

export function osmLocation(place: OsmPlace): PlaceLocation {
  return {
    lat: place.lat,
    lng: place.lng,
    ...(place.name ? { name: place.name } : {}),
    formatted_address: describeOsmPlace(place),
    ...(place.street ? { street_address: place.street } : {}),
    ...(place.postcode ? { postal_code: place.postcode } : {}),
    ...(place.locality ? { locality: place.locality } : {}),
    ...(place.country ? { country_code: place.country } : {}),
  };
}
