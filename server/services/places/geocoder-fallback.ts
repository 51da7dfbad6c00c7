/**
 * An outside geocoder in front of the built-in gazetteer, with the same bounds
 * as the gazetteer's own search: answers are kept in a bounded cache keyed by
 * the folded search (recent-answers.ts), at most a few calls are in flight at
 * once, and each has a deadline (the geocoder's own timeout). When the
 * geocoder fails — a timeout, a refusal, an answer that is not its API —
 * the search is answered by the gazetteer instead, never with an error, and
 * for a while after that the geocoder is not asked at all: an outage costs
 * one deadline, not one per keystroke. The outage is logged once.
 */
import type { PlacePrediction } from '../../../src/shared/contract/places.ts';
import { isOsmPlaceId } from './osm-place-id.ts';
import { fold } from './place-names.ts';
import type { NearbyPlace, PlaceLocation, PlacesProvider } from './provider.ts';
import { recentAnswers } from './recent-answers.ts';

export interface FallbackOptions {
  /** Calls to the geocoder at once; beyond that a search goes to the fallback. */
  maxInFlight?: number;
  /** How long the geocoder is left alone after a failure. */
  restMs?: number;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

const DEFAULT_MAX_IN_FLIGHT = 4;
const DEFAULT_REST_MS = 15_000;

export function geocoderWithFallback(
  geocoder: PlacesProvider,
  fallback: PlacesProvider,
  options: FallbackOptions = {},
): PlacesProvider {
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const restMs = options.restMs ?? DEFAULT_REST_MS;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message, error) => console.warn(message, error));
  const recent = recentAnswers();
  let inFlight = 0;
  let restingUntil = 0;

  /** The geocoder's answer, or null when it is resting, busy or failed (then it rests). */
  async function ask<T>(work: () => Promise<T>): Promise<{ value: T } | null> {
    if (now() < restingUntil || inFlight >= maxInFlight) return null;
    inFlight += 1;
    try {
      return { value: await work() };
    } catch (error) {
      if (now() >= restingUntil) log('The geocoder did not answer; place search uses the built-in gazetteer', error);
      restingUntil = now() + restMs;
      return null;
    } finally {
      inFlight -= 1;
    }
  }

  return {
    async autocomplete(input): Promise<PlacePrediction[]> {
      const key = fold(input).replace(/\s+/g, ' ');
      const known = recent.get(key);
      if (known) return known;
      const answer = await ask(() => geocoder.autocomplete(input));
      if (!answer) return fallback.autocomplete(input);
      recent.set(key, answer.value);
      return answer.value;
    },
    async details(placeId): Promise<PlaceLocation | null> {
      // The geocoder's ids carry their place: reading one asks nobody.
      return isOsmPlaceId(placeId) ? geocoder.details(placeId) : fallback.details(placeId);
    },
    async nearby(lat, lng): Promise<NearbyPlace | null> {
      const answer = geocoder.nearby ? await ask(() => geocoder.nearby!(lat, lng)) : null;
      if (answer?.value) return answer.value;
      return fallback.nearby ? fallback.nearby(lat, lng) : null;
    },
  };
}
