/**
 * Places search (product §7, contract §3) through the configured provider, and
 * matching_businesses: existing business listings near a point whose title
 * matches a venue name. A provider failure is logged and answered with an
 * empty list or 502 — the form treats both as "no suggestions".
 * Searches stay open without a token but are rate limited per caller
 * (services/places/search-limits.ts), and anonymous ones from all addresses
 * take turns, with at most a quarter of this process's time
 * (services/places/search-gate.ts): many addresses, each under its own
 * limit, cannot slow everything else.
 * Signed-in searches (the dashboard's) are counted per account and do not
 * queue behind anonymous ones.
 */
import { Hono } from 'hono';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  MatchingBusinessesQuerySchema,
  MatchingBusinessesResponseSchema,
  PlaceDetailsQuerySchema,
  PlaceDetailsResponseSchema,
  PlaceNearbyQuerySchema,
  PlaceNearbyResponseSchema,
  PlacesAutocompleteQuerySchema,
  PlacesAutocompleteResponseSchema,
  PLACES_MIN_INPUT_LENGTH,
} from '../../src/shared/contract/places.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { matchingBusinessesJson } from '../db/queries/listings.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { mediaBase } from '../http/urls.ts';
import { defaultSearchGateLimits, searchGate, type SearchGateLimits } from '../services/places/search-gate.ts';
import {
  defaultPlacesSearchLimits,
  placesSearchLimiter,
  type PlacesSearchLimits,
} from '../services/places/search-limits.ts';

/** How far from the event's place a venue may be: a city and its outskirts, not the next one. */
const VENUE_RADIUS_M = 50_000;
/** Venues offered per search. */
const MAX_VENUES = 10;

export function placesRoutes(
  services: Services,
  limits: PlacesSearchLimits = defaultPlacesSearchLimits,
  gateLimits: SearchGateLimits = defaultSearchGateLimits,
): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  const limiter = placesSearchLimiter(services.db, limits);
  const gate = searchGate(gateLimits);

  /** `work` counted against the caller's limit; an anonymous caller's waits its turn at the gate. */
  function search<T>(c: ApiContext, work: () => Promise<T>): Promise<T> {
    const caller = { user: c.get('user'), ip: c.get('ip') };
    const nowMs = services.clock.now();
    // A caller already refused is answered before taking a place in line.
    limiter.refuseKnown(caller, nowMs);
    const counted = async () => {
      await limiter.count(caller, nowMs);
      return work();
    };
    return caller.user ? counted() : gate.run(counted);
  }

  router.get(
    apiRoutes.placesAutocomplete,
    route({
      tag: 'places',
      summary:
        'Place suggestions for a name prefix ("lond", "paris, tex"); open without a token, rate limited per address (60/min) or account (120/min).',
      auth: 'optional',
      query: PlacesAutocompleteQuerySchema,
      responses: {
        200: { description: 'Up to 5 suggestions, biggest first.', schema: PlacesAutocompleteResponseSchema },
      },
      errors: [429],
    }),
    async (c) => {
      const { input } = c.req.valid('query');
      const predictions = await search(c, async () => {
        if (input.length < PLACES_MIN_INPUT_LENGTH) return [];
        try {
          return await services.places.autocomplete(input);
        } catch (error) {
          console.error('Places autocomplete failed', error);
          return [];
        }
      });
      return c.json({ predictions });
    },
  );

  router.get(
    apiRoutes.placeDetails,
    route({
      tag: 'places',
      summary: 'The location of a suggested place; counts into the same rate limit as autocomplete.',
      auth: 'optional',
      query: PlaceDetailsQuerySchema,
      responses: { 200: { description: 'The place.', schema: PlaceDetailsResponseSchema } },
      errors: [404, 429, 502],
    }),
    async (c) => {
      const query = c.req.valid('query');
      const place = await search(c, async () => {
        try {
          return await services.places.details(query.place_id);
        } catch (error) {
          console.error('Place details failed', error);
          throw new ApiError(502, 'The places service did not answer. Please try again.');
        }
      });
      if (!place) throw new ApiError(404, 'No place with this id.');
      const { lat, lng, ...rest } = place;
      return c.json({ result: { geometry: { location: { lat, lng } }, ...rest } }, 200, {
        'Cache-Control': 'public, max-age=86400',
      });
    },
  );

  router.get(
    apiRoutes.placeNearby,
    route({
      tag: 'places',
      summary:
        'The nearest known place to a point (a phone\'s "Use my location"), with its address parts; counts into the same rate limit as autocomplete.',
      auth: 'optional',
      query: PlaceNearbyQuerySchema,
      responses: {
        200: { description: 'The place, or null when none is known near.', schema: PlaceNearbyResponseSchema },
      },
      errors: [429],
    }),
    async (c) => {
      const { lat, lng } = c.req.valid('query');
      const result = await search(c, async () => {
        try {
          return (await services.places.nearby?.(lat, lng)) ?? null;
        } catch (error) {
          console.error('Nearby place failed', error);
          return null;
        }
      });
      return c.json({ result });
    },
  );

  return router;
}

export function matchingBusinessRoutes(services: Services): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  router.get(
    apiRoutes.matchingBusinesses,
    route({
      tag: 'places',
      summary:
        'Business listings whose title matches the venue name: the same name first, then names starting with it, then a word starting with it, then containing it; within each, nearest to the point (lat and lng, optional; within 50 km); at most 10.',
      auth: 'bearer',
      team: 'editor',
      query: MatchingBusinessesQuerySchema,
      responses: {
        200: { description: 'Candidates, best match then nearest first.', schema: MatchingBusinessesResponseSchema },
      },
      errors: [400],
    }),
    async (c) => {
      const query = c.req.valid('query');
      if ((query.lat === undefined) !== (query.lng === undefined))
        throw new ApiError(400, 'Send lat and lng together, or neither.');
      const candidates = await matchingBusinessesJson(
        services.db,
        {
          venue: query.venue,
          venueName: query.venue.split(',')[0]!.trim(),
          lat: query.lat ?? null,
          lng: query.lng ?? null,
          radiusM: VENUE_RADIUS_M,
          limit: MAX_VENUES,
        },
        mediaBase(services.config), // from PUBLIC_URL, never from Host
      );
      return c.body(`{"candidates":${candidates}}`, 200, { 'Content-Type': 'application/json' });
    },
  );
  return router;
}
