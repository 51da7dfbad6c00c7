/**
 * Places search shapes (product §3, §7; contract §3): autocomplete predictions,
 * place details with a location, and businesses matching a venue.
 */
import * as v from 'valibot';
import { roundCoordinate } from './formats.ts';
import { singleLine } from './text.ts';

/** Searches start after more than this many trimmed characters (product §5). */
export const PLACES_MIN_INPUT_LENGTH = 3;
/** Debounce between keystrokes and a search, in ms (product §9). */
export const PLACES_DEBOUNCE_MS = 400;

/** Longest place_id accepted. */
export const MAX_PLACE_ID_LENGTH = 600;

/** One autocomplete suggestion. */
export const PlacePredictionSchema = v.object({ place_id: v.string(), description: v.string() });
/** One autocomplete suggestion. */
export type PlacePrediction = v.InferOutput<typeof PlacePredictionSchema>;

/** `GET /api/media_feed/places-autocomplete/?input=…&platform=web` → predictions. */
export const PlacesAutocompleteResponseSchema = v.object({ predictions: v.array(PlacePredictionSchema) });
/** The autocomplete response. */
export type PlacesAutocompleteResponse = v.InferOutput<typeof PlacesAutocompleteResponseSchema>;

/** The caller's platform (`web`, …); informational only. */
const PlatformSchema = v.pipe(v.string('Send platform as text.'), singleLine(), v.maxLength(40, 'Unknown platform.'));

/** Autocomplete query parameters. */
export const PlacesAutocompleteQuerySchema = v.object({
  input: v.pipe(v.string('Send input.'), v.trim(), singleLine(), v.maxLength(200, 'The search text is too long.')),
  platform: v.optional(PlatformSchema),
});
/** Autocomplete query parameters. */
export type PlacesAutocompleteQuery = v.InferOutput<typeof PlacesAutocompleteQuerySchema>;

/**
 * The parts of an address a place may know, beyond its coordinates: each is
 * absent when unknown. `street_address` is a street and number, never a
 * district; `locality` the town or city; `country_code` ISO 3166-1 alpha-2.
 */
const addressParts = {
  street_address: v.optional(v.string()),
  postal_code: v.optional(v.string()),
  locality: v.optional(v.string()),
  country_code: v.optional(v.string()),
};
/** The address parts of a place (all optional). */
export type AddressParts = { [K in keyof typeof addressParts]?: string | undefined };

/** `GET /api/media_feed/place-details/?place_id=…&platform=web` → the place's location. */
export const PlaceDetailsResponseSchema = v.object({
  result: v.object({
    geometry: v.object({ location: v.object({ lat: v.number(), lng: v.number() }) }),
    name: v.optional(v.string()),
    formatted_address: v.optional(v.string()),
    ...addressParts,
  }),
});
/** The place details response. */
export type PlaceDetailsResponse = v.InferOutput<typeof PlaceDetailsResponseSchema>;

/** Place details query parameters. */
export const PlaceDetailsQuerySchema = v.object({
  place_id: v.pipe(
    v.string('Send place_id.'),
    v.trim(),
    singleLine(),
    v.minLength(1, 'Send place_id.'),
    // An address from the OpenStreetMap geocoder carries its parts in its id (services/places/osm-place-id.ts).
    v.maxLength(MAX_PLACE_ID_LENGTH, 'That place_id is too long.'),
  ),
  platform: v.optional(PlatformSchema),
});
/** Place details query parameters. */
export type PlaceDetailsQuery = v.InferOutput<typeof PlaceDetailsQuerySchema>;

const LatSchema = v.pipe(
  v.string('Send lat.'),
  singleLine(),
  v.toNumber('lat must be a number.'),
  v.minValue(-90, 'lat must be between -90 and 90.'),
  v.maxValue(90, 'lat must be between -90 and 90.'),
  v.transform(roundCoordinate),
);
const LngSchema = v.pipe(
  v.string('Send lng.'),
  singleLine(),
  v.toNumber('lng must be a number.'),
  v.minValue(-180, 'lng must be between -180 and 180.'),
  v.maxValue(180, 'lng must be between -180 and 180.'),
  v.transform(roundCoordinate),
);

/** `GET /api/media_feed/place-nearby/?lat=…&lng=…` query: the point a phone says it is at. */
export const PlaceNearbyQuerySchema = v.object({
  lat: LatSchema,
  lng: LngSchema,
  platform: v.optional(PlatformSchema),
});
/** Nearby place query. */
export type PlaceNearbyQuery = v.InferOutput<typeof PlaceNearbyQuerySchema>;

/**
 * The nearest known place to a point: a suggestion (`place_id`, `description`)
 * with its own coordinates and address parts. `result` is null when nothing is known near.
 */
export const PlaceNearbyResponseSchema = v.object({
  result: v.nullable(
    v.object({ place_id: v.string(), description: v.string(), lat: v.number(), lng: v.number(), ...addressParts }),
  ),
});
/** The nearby place response. */
export type PlaceNearbyResponse = v.InferOutput<typeof PlaceNearbyResponseSchema>;

/** `GET /api/events/events/matching_businesses/?venue=…&lat=…&lng=…` query. */
export const MatchingBusinessesQuerySchema = v.object({
  venue: v.pipe(
    v.string('Send venue.'),
    v.trim(),
    singleLine(),
    v.minLength(1, 'Send venue.'),
    v.maxLength(300, 'The venue name is too long.'),
  ),
  // Optional: without a point, venues are ranked by their name alone.
  lat: v.optional(LatSchema),
  lng: v.optional(LngSchema),
});
/** Matching businesses query. */
export type MatchingBusinessesQuery = v.InferOutput<typeof MatchingBusinessesQuerySchema>;

/** An existing business listing whose title matches a venue name, best match first, then nearest. */
export const MatchingBusinessSchema = v.object({
  id: v.number(),
  title: v.string(),
  location_name: v.string(),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
  cover_image: v.nullable(v.string()),
  /** Distance from the queried point in metres (null without a point or without coordinates). */
  distance_m: v.nullable(v.number()),
  // The venue's address, so choosing it can set the event's.
  street_address: v.optional(v.string(), ''),
  postal_code: v.optional(v.string(), ''),
  locality: v.optional(v.string(), ''),
  country_code: v.optional(v.string(), ''),
});
/** A matching business candidate. */
export type MatchingBusiness = v.InferOutput<typeof MatchingBusinessSchema>;

/** The matching businesses response. */
export const MatchingBusinessesResponseSchema = v.object({ candidates: v.array(MatchingBusinessSchema) });
/** The matching businesses response. */
export type MatchingBusinessesResponse = v.InferOutput<typeof MatchingBusinessesResponseSchema>;
