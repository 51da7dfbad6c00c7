/**
 * Venues are places people look for by name ("The Harbour"): published
 * business listings whose name, or a word of it, starts with what is typed
 * come first in the place search, whichever provider answers the rest, and
 * choosing one gives the venue's own address and pin. Ids are `venue:<id>`.
 * Names shorter than 3 characters are not looked up; at most 2 venues go in
 * front of the provider's suggestions, 5 in all.
 */
import type { PlacePrediction } from '../../../src/shared/contract/places.ts';
import type { Db } from '../../db/client.ts';
import { venuePlaceById, venuePlacesByName, type VenuePlaceRow } from '../../db/queries/listings.ts';
import { fold } from './place-names.ts';
import type { PlaceLocation, PlacesProvider } from './provider.ts';
import { recentAnswers } from './recent-answers.ts';

const MAX_VENUES = 2;
const MAX_SUGGESTIONS = 5;
const MIN_NAME_LENGTH = 3;
const MAX_NAME_LENGTH = 200;
/** A name searched again within this window is answered from memory: a new venue shows within it. */
const FRESH_MS = 30_000;

/** "The Harbour, 133 Rye Lane, London": the name and what is known of where it is. */
export function describeVenue(venue: VenuePlaceRow): string {
  const parts = [venue.title];
  const where = [venue.street_address, venue.locality].filter(Boolean);
  for (const part of where.length ? where : [venue.location_name]) if (part && !parts.includes(part)) parts.push(part);
  return parts.join(', ');
}

function venueLocation(venue: VenuePlaceRow): PlaceLocation {
  return {
    lat: venue.latitude,
    lng: venue.longitude,
    name: venue.title,
    formatted_address: describeVenue(venue),
    ...(venue.street_address ? { street_address: venue.street_address } : {}),
    ...(venue.postal_code ? { postal_code: venue.postal_code } : {}),
    ...(venue.locality ? { locality: venue.locality } : {}),
    ...(venue.country_code ? { country_code: venue.country_code } : {}),
  };
}

export function withVenues(db: Db, provider: PlacesProvider, now: () => number = Date.now): PlacesProvider {
  // Keyed by the folded name and a 30-second window: a prefix typed by many, or repeated by one
  // client, costs one pass over the listings per window (the same bounded cache as the gazetteer's).
  const recent = recentAnswers();
  async function venuesNamed(name: string): Promise<PlacePrediction[]> {
    if (name.length < MIN_NAME_LENGTH || name.length > MAX_NAME_LENGTH) return [];
    const key = `${fold(name)}\u0000${Math.floor(now() / FRESH_MS)}`;
    const known = recent.get(key);
    if (known) return known;
    const venues = await venuePlacesByName(db, name, MAX_VENUES);
    const predictions = venues.map((venue) => ({ place_id: `venue:${venue.id}`, description: describeVenue(venue) }));
    recent.set(key, predictions);
    return predictions;
  }
  return {
    async autocomplete(input): Promise<PlacePrediction[]> {
      const name = (input.split(',')[0] ?? '').trim();
      const predictions = [...(await venuesNamed(name))];
      const places = await provider.autocomplete(input);
      for (const place of places) {
        if (predictions.length >= MAX_SUGGESTIONS) break;
        if (!predictions.some((p) => p.description === place.description)) predictions.push(place);
      }
      return predictions;
    },
    async details(placeId): Promise<PlaceLocation | null> {
      const match = /^venue:(\d{1,15})$/.exec(placeId);
      if (!match) return provider.details(placeId);
      const id = Number(match[1]);
      if (!Number.isSafeInteger(id) || id > 2 ** 63 - 1) return null;
      const venue = await venuePlaceById(db, id);
      return venue ? venueLocation(venue) : null;
    },
    ...(provider.nearby ? { nearby: provider.nearby.bind(provider) } : {}),
  };
}
