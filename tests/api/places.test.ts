import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PlaceDetailsResponseSchema, PlacesAutocompleteResponseSchema } from '../../src/shared/contract/places.ts';
import { googlePlaces } from '../../server/services/places/google-places.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, withGazetteer, type TestApp } from './support/test-app.ts';

let t: TestApp;
let account: Account;
beforeAll(async () => {
  // What server start does after the migrations; here so no test pays the ~5 s load.
  t = await startTestApp({ contents: withGazetteer });
  account = await signUp(t.app, 'business');
});
afterAll(() => t.close());

const autocomplete = (input: string) =>
  call(t.app, 'GET', `/api/media_feed/places-autocomplete/?input=${encodeURIComponent(input)}&platform=web`);

describe('places (built-in gazetteer)', () => {
  it('suggests cities by prefix, biggest first, described with region and country', async () => {
    const res = await autocomplete('lond');
    expect(res.status).toBe(200);
    const { predictions } = v.parse(PlacesAutocompleteResponseSchema, res.body);
    expect(predictions[0]).toEqual({ place_id: 'city:2643743', description: 'London, England, GB' });
    expect(predictions.map((p) => p.description)).toContain('London, Ontario, CA');
    expect(predictions.length).toBeLessThanOrEqual(5);
  });

  it('ignores case and accents, and narrows by what follows a comma', async () => {
    expect((await autocomplete('ZURI')).body.predictions[0].description).toBe('Zürich, CH');
    const texas = (await autocomplete('paris, tex')).body.predictions;
    expect(texas[0].description).toBe('Paris, Texas, US');
  });

  it('returns nothing for two characters or fewer (product §5) and for no match', async () => {
    expect((await autocomplete('lo')).body).toEqual({ predictions: [] });
    expect((await autocomplete('qqqqzzzz')).body).toEqual({ predictions: [] });
  });

  it('gives the location of a suggestion', async () => {
    const res = await call(t.app, 'GET', '/api/media_feed/place-details/?place_id=city:2643743&platform=web');
    expect(res.status).toBe(200);
    const { result } = v.parse(PlaceDetailsResponseSchema, res.body);
    expect(result.geometry.location.lat).toBeCloseTo(51.5085, 3);
    expect(result.geometry.location.lng).toBeCloseTo(-0.1257, 3);
  });
});

describe('places (Google provider)', () => {
  it('maps Google answers to the same shapes and keeps the key on the server', async () => {
    const seen: string[] = [];
    const fakeFetch = (async (url: URL) => {
      seen.push(String(url));
      const body = url.pathname.includes('autocomplete')
        ? { predictions: [{ place_id: 'ChIJ', description: 'Camden Market, London, UK', extra: 1 }], status: 'OK' }
        : { result: { geometry: { location: { lat: 51.54, lng: -0.14 } }, name: 'Camden Market' }, status: 'OK' };
      return new Response(JSON.stringify(body), { status: 200 });
    }) as unknown as typeof fetch;
    const provider = googlePlaces('secret-key', fakeFetch);
    expect(await provider.autocomplete('camden')).toEqual([
      { place_id: 'ChIJ', description: 'Camden Market, London, UK' },
    ]);
    expect(await provider.details('ChIJ')).toMatchObject({ lat: 51.54, lng: -0.14 });
    expect(seen[0]).toContain('key=secret-key');
  });
});

describe('matching_businesses', () => {
  it('finds business listings near the point whose title matches the venue', async () => {
    const listing = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({
        title: 'The Blue Door',
        is_recurring: 'true',
        latitude: '51.5300',
        longitude: '-0.1200',
        location_name: 'Kings Cross',
      }),
    });
    expect(listing.status).toBe(201);
    const near = await call(
      t.app,
      'GET',
      '/api/events/events/matching_businesses/?venue=The%20Blue%20Door%2C%20London&lat=51.5302&lng=-0.1201',
      {
        token: account.access,
      },
    );
    expect(near.status).toBe(200);
    expect(near.body.candidates).toHaveLength(1);
    expect(near.body.candidates[0]).toMatchObject({ id: listing.body.id, title: 'The Blue Door' });
    expect(near.body.candidates[0].distance_m).toBeLessThan(50);

    const far = await call(
      t.app,
      'GET',
      '/api/events/events/matching_businesses/?venue=The%20Blue%20Door&lat=48.85&lng=2.35',
      {
        token: account.access,
      },
    );
    expect(far.body.candidates).toEqual([]);
    const accents = await call(
      t.app,
      'GET',
      '/api/events/events/matching_businesses/?venue=the%20bl%C3%BCe%20door&lat=51.53&lng=-0.12',
      {
        token: account.access,
      },
    );
    expect(accents.body.candidates).toHaveLength(1);
    const otherName = await call(
      t.app,
      'GET',
      '/api/events/events/matching_businesses/?venue=Red%20Lion&lat=51.53&lng=-0.12',
      {
        token: account.access,
      },
    );
    expect(otherName.body.candidates).toEqual([]);
  });
});
