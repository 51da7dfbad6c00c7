/**
 * Places search (SPEC §7, CONTRACTS §3) through the configured provider, and
 * matching_businesses: existing business listings near a point whose title
 * matches a venue name. A provider failure is logged and answered with an
 * empty list or 502 — the form treats both as "no suggestions".
 * Searches stay open without a token but are rate limited per caller
 * (services/places/search-limits.ts).
 */
import { Hono } from 'hono';
import {
  MatchingBusinessesQuerySchema,
  PlaceDetailsQuerySchema,
  PlacesAutocompleteQuerySchema,
  PLACES_MIN_INPUT_LENGTH,
} from '../../src/shared/contract/places.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { ApiError } from '../http/problem.ts';
import { mediaBase } from '../http/urls.ts';
import { validate } from '../http/validation.ts';
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

  router.get('/places-autocomplete/', async (c) => {
    const query = validate(PlacesAutocompleteQuerySchema, c.req.query());
    await countSearch(c);
    if (query.input.length < PLACES_MIN_INPUT_LENGTH) return c.json({ predictions: [] });
    try {
      return c.json({ predictions: await services.places.autocomplete(query.input) });
    } catch (error) {
      console.error('Places autocomplete failed', error);
      return c.json({ predictions: [] });
    }
  });

  router.get('/place-details/', async (c) => {
    const query = validate(PlaceDetailsQuerySchema, c.req.query());
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
  });

  return router;
}

export function matchingBusinessRoutes(services: Services): Hono<ApiEnv> {
  const router = new Hono<ApiEnv>();
  router.get('/matching_businesses/', async (c) => {
    requireUser(c);
    const query = validate(MatchingBusinessesQuerySchema, c.req.query());
    const venueName = query.venue.split(',')[0]!.trim();
    // A bounding box first (cheap), then the great-circle distance; names compare
    // without case or accents ("Cafe" finds "Café").
    const latSpan = MATCH_RADIUS_M / 111_000;
    const lngSpan = latSpan / Math.max(Math.cos((query.lat * Math.PI) / 180), 0.01);
    const result = await services.db.query<{ body: string }>(
      `SELECT coalesce(json_agg(json_build_object(
                'id', m.id, 'title', m.title, 'location_name', m.location_name,
                'latitude', m.latitude, 'longitude', m.longitude,
                'cover_image', CASE WHEN m.cover_image IS NULL THEN NULL ELSE $7 || m.cover_image END,
                'distance_m', round(m.distance)::int) ORDER BY m.distance), '[]')::text AS body
         FROM (SELECT e.*, 2 * 6371000 * asin(sqrt(
                  power(sin(radians(e.latitude - $2) / 2), 2) +
                  cos(radians($2)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - $3) / 2), 2)
                )) AS distance
                 FROM events e
                WHERE e.is_recurring AND e.latitude BETWEEN $2 - $4 AND $2 + $4
                  AND e.longitude BETWEEN $3 - $5 AND $3 + $5
                  AND (strpos(fold($1), fold(e.title)) > 0 OR strpos(fold(e.title), fold($6)) > 0)
              ) m
        WHERE m.distance <= $8`,
      [
        query.venue,
        query.lat,
        query.lng,
        latSpan,
        lngSpan,
        venueName,
        mediaBase(services.config), // from PUBLIC_URL, never from Host
        MATCH_RADIUS_M,
      ],
    );
    return c.body(`{"candidates":${result.rows[0]?.body ?? '[]'}}`, 200, { 'Content-Type': 'application/json' });
  });
  return router;
}
