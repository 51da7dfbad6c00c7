/**
 * Places search (product §7, contract §3) through the configured provider, and
 * matching_businesses: existing business listings near a point whose title
 * matches a venue name. A provider failure is logged and answered with an
 * empty list or 502 — the form treats both as "no suggestions".
 * Searches stay open without a token but are rate limited per caller
 * (services/places/search-limits.ts).
 */
import { Hono } from 'hono';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import {
  MatchingBusinessesQuerySchema,
  MatchingBusinessesResponseSchema,
  PlaceDetailsQuerySchema,
  PlaceDetailsResponseSchema,
  PlacesAutocompleteQuerySchema,
  PlacesAutocompleteResponseSchema,
  PLACES_MIN_INPUT_LENGTH,
} from '../../src/shared/contract/places.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { matchingBusinessesJson } from '../db/queries/listings.ts';
import { ApiError } from '../http/problem.ts';
import { route } from '../http/route.ts';
import { mediaBase } from '../http/urls.ts';
import {
  defaultPlacesSearchLimits,
  placesSearchLimiter,
  type PlacesSearchLimits,
} from '../services/places/search-limits.ts';

/** How far from the point a listing may be to count as the same venue. */
const MATCH_RADIUS_M = 1000;

export function placesRoutes(services: Services, limits: PlacesSearchLimits = defaultPlacesSearchLimits): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  const limiter = placesSearchLimiter(services.db, limits);
  const countSearch = (c: ApiContext) => limiter({ user: c.get('user'), ip: c.get('ip') }, services.clock.now());

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
      const query = c.req.valid('query');
      await countSearch(c);
      if (query.input.length < PLACES_MIN_INPUT_LENGTH) return c.json({ predictions: [] });
      try {
        return c.json({ predictions: await services.places.autocomplete(query.input) });
      } catch (error) {
        console.error('Places autocomplete failed', error);
        return c.json({ predictions: [] });
      }
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
      await countSearch(c);
      let place;
      try {
        place = await services.places.details(query.place_id);
      } catch (error) {
        console.error('Place details failed', error);
        throw new ApiError(502, 'The places service did not answer. Please try again.');
      }
      if (!place) throw new ApiError(404, 'No place with this id.');
      const { lat, lng, ...rest } = place;
      return c.json({ result: { geometry: { location: { lat, lng } }, ...rest } }, 200, {
        'Cache-Control': 'public, max-age=86400',
      });
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
      summary: 'Business listings within 1 km of a point whose title matches the venue name.',
      auth: 'bearer',
      team: 'editor',
      query: MatchingBusinessesQuerySchema,
      responses: { 200: { description: 'Candidates, nearest first.', schema: MatchingBusinessesResponseSchema } },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const candidates = await matchingBusinessesJson(
        services.db,
        {
          venue: query.venue,
          venueName: query.venue.split(',')[0]!.trim(),
          lat: query.lat,
          lng: query.lng,
          radiusM: MATCH_RADIUS_M,
        },
        mediaBase(services.config), // from PUBLIC_URL, never from Host
      );
      return c.body(`{"candidates":${candidates}}`, 200, { 'Content-Type': 'application/json' });
    },
  );
  return router;
}
