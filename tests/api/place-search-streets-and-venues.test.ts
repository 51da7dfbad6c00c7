/**
 * Places people can find: venues by name across the city (ranked by how well
 * the name matches, then by distance), venue names in the place search with
 * their own address and pin, the nearest known place to a phone's position,
 * street addresses kept on a listing, and an OpenStreetMap geocoder (a local
 * stub with Photon's API: no network) whose failures fall back to the
 * built-in gazetteer without an error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MatchingBusinessesResponseSchema,
  PlaceDetailsResponseSchema,
  PlaceNearbyResponseSchema,
  PlacesAutocompleteResponseSchema,
} from '../../src/shared/contract/places.ts';
import { call, form, signUp, type Account } from './support/api-client.ts';
import { startTestApp, withGazetteer, type TestApp } from './support/test-app.ts';

/** A Photon-shaped geocoder on 127.0.0.1: `slow` waits past any deadline, `broken` answers 500. */
interface PhotonStub {
  url: string;
  calls: string[];
  close(): Promise<void>;
}

const RYE_LANE = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-0.0689, 51.4689] },
  properties: {
    osm_id: 1,
    osm_type: 'N',
    osm_key: 'amenity',
    name: 'Peckham Levels',
    housenumber: '133',
    street: 'Rye Lane',
    postcode: 'SE15 4ST',
    district: 'Peckham',
    city: 'London',
    country: 'United Kingdom',
    countrycode: 'GB',
  },
};
const SHOREDITCH = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-0.0781, 51.5265] },
  properties: { osm_key: 'place', osm_value: 'suburb', name: 'Shoreditch', city: 'London', countrycode: 'GB' },
};

async function startPhotonStub(): Promise<PhotonStub> {
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    calls.push(`${url.pathname}?${url.searchParams.toString()}`);
    const q = url.searchParams.get('q') ?? '';
    if (q.includes('slow')) {
      const timer = setTimeout(() => res.end('{"features":[]}'), 8000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (q.includes('broken')) {
      res.writeHead(500).end('oops');
      return;
    }
    if (q.includes('garbage')) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>not json</html>');
      return;
    }
    const features =
      url.pathname === '/reverse'
        ? [RYE_LANE]
        : /rye|se15/i.test(q)
          ? [RYE_LANE]
          : /shoreditch/i.test(q)
            ? [SHOREDITCH]
            : [];
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ type: 'FeatureCollection', features }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let owner: Account;
beforeAll(async () => {
  t = await startTestApp({ contents: withGazetteer });
  owner = await signUp(t.app, 'subpromoter');
}, 120_000);
afterAll(() => t.close());

const get = (app: TestApp['app'], path: string, token?: string) => call(app, 'GET', path, token ? { token } : {});

/** A business account with its listing, published, at a point. */
async function venue(title: string, lat: number, lng: number, address: Record<string, string> = {}) {
  const account = await signUp(t.app, 'business');
  const created = await call(t.app, 'POST', '/api/events/create/', {
    token: account.access,
    form: form({
      title,
      is_recurring: 'true',
      latitude: String(lat),
      longitude: String(lng),
      location_name: 'Peckham, England, GB',
      ...address,
    }),
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const LONDON = { lat: 51.5085, lng: -0.1257 };

describe('venues by name across the city', () => {
  let exact: number;
  let prefix: number;
  let word: number;
  let inside: number;
  beforeAll(async () => {
    // 7.5 km from the centre of London: a 1 km search around "London" never found it.
    word = await venue('The Harbour', 51.4693, -0.0692, {
      street_address: '133 Rye Lane',
      postal_code: 'SE15 4ST',
      locality: 'London',
      country_code: 'gb',
    });
    prefix = await venue('Harbour Bar', 51.55, -0.2);
    exact = await venue('Harbour', 51.6, -0.05);
    inside = await venue('Southarbourside', 51.51, -0.13);
    await venue('Harbour Paris', 48.85, 2.35);
  }, 60_000);

  it('ranks the same name, then names starting with it, then a word, then inside; within 50 km only', async () => {
    const res = await get(
      t.app,
      `/api/events/events/matching_businesses/?venue=Harbour&lat=${LONDON.lat}&lng=${LONDON.lng}`,
      owner.access,
    );
    expect(res.status).toBe(200);
    const { candidates } = v.parse(MatchingBusinessesResponseSchema, res.body);
    expect(candidates.map((c) => c.id)).toEqual([exact, prefix, word, inside]);
    const harbour = candidates.find((c) => c.id === word)!;
    expect(harbour).toMatchObject({
      street_address: '133 Rye Lane',
      postal_code: 'SE15 4ST',
      locality: 'London',
      country_code: 'GB',
    });
    expect(harbour.distance_m).toBeGreaterThan(5000);
  });

  it('orders equal matches by distance, and finds venues with no point given', async () => {
    const nearParis = await get(
      t.app,
      '/api/events/events/matching_businesses/?venue=harbour%20b&lat=48.85&lng=2.35',
      owner.access,
    );
    expect(nearParis.body.candidates.map((c: { title: string }) => c.title)).toEqual([]);
    const anywhere = await get(t.app, '/api/events/events/matching_businesses/?venue=harbour%20paris', owner.access);
    expect(anywhere.status).toBe(200);
    expect(anywhere.body.candidates[0]).toMatchObject({ title: 'Harbour Paris', distance_m: null });
  });

  it('answers 400 for a half point, a bad number or no name', async () => {
    const half = await get(t.app, '/api/events/events/matching_businesses/?venue=Harbour&lat=51.5', owner.access);
    expect(half.status).toBe(400);
    expect(half.body.detail).toMatch(/lat and lng/);
    expect(
      (await get(t.app, '/api/events/events/matching_businesses/?venue=Harbour&lat=abc&lng=0', owner.access)).status,
    ).toBe(400);
    expect(
      (await get(t.app, '/api/events/events/matching_businesses/?venue=Harbour&lat=91&lng=0', owner.access)).status,
    ).toBe(400);
    expect(
      (await get(t.app, '/api/events/events/matching_businesses/?venue=%20&lat=1&lng=0', owner.access)).status,
    ).toBe(400);
  });

  it('puts venues in the place search, whose details carry their street address and pin', async () => {
    const res = await get(t.app, '/api/media_feed/places-autocomplete/?input=the%20harb&platform=web');
    const { predictions } = v.parse(PlacesAutocompleteResponseSchema, res.body);
    expect(predictions[0]).toEqual({ place_id: `venue:${word}`, description: 'The Harbour, 133 Rye Lane, London' });
    const details = await get(t.app, `/api/media_feed/place-details/?place_id=venue:${word}&platform=web`);
    const { result } = v.parse(PlaceDetailsResponseSchema, details.body);
    expect(result).toMatchObject({
      geometry: { location: { lat: 51.4693, lng: -0.0692 } },
      street_address: '133 Rye Lane',
      postal_code: 'SE15 4ST',
      locality: 'London',
      country_code: 'GB',
    });
    // Towns still come after venues ("harbour" is no town, "london" is).
    const towns = await get(t.app, '/api/media_feed/places-autocomplete/?input=lond&platform=web');
    expect(towns.body.predictions[0].description).toBe('London, England, GB');
    expect((await get(t.app, '/api/media_feed/place-details/?place_id=venue:999999&platform=web')).status).toBe(404);
  });
});

describe('a listing keeps its street address beside its coordinates', () => {
  it('stores street, postcode, locality and country; an edit of one keeps the pin', async () => {
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: owner.access,
      form: form({
        title: 'Rooftop night',
        location_name: 'Peckham, England, GB',
        latitude: '51.4700',
        longitude: '-0.0690',
        street_address: ' 133 Rye Lane ',
        postal_code: 'SE15 4ST',
        locality: 'London',
        country_code: 'gb',
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      street_address: '133 Rye Lane',
      postal_code: 'SE15 4ST',
      locality: 'London',
      country_code: 'GB',
    });
    const updated = await call(t.app, 'PUT', `/api/events/${created.body.id}/update/`, {
      token: owner.access,
      form: form({ street_address: '135 Rye Lane', location_name: 'Peckham Levels, Rye Lane' }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ street_address: '135 Rye Lane', latitude: 51.47, longitude: -0.069 });
  });

  it('refuses a country that is not two letters and an address too long, with the field named', async () => {
    const badCountry = await call(t.app, 'POST', '/api/events/create/', {
      token: owner.access,
      form: form({ title: 'x', country_code: 'GBR' }),
    });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.errors.country_code[0]).toMatch(/two-letter/);
    const long = await call(t.app, 'POST', '/api/events/create/', {
      token: owner.access,
      form: form({ title: 'x', street_address: 'a'.repeat(201) }),
    });
    expect(long.status).toBe(400);
    expect(long.body.errors.street_address).toBeDefined();
  });
});

describe('the nearest known place to a point', () => {
  it('names the nearest gazetteer place with its locality and country', async () => {
    const res = await get(t.app, '/api/media_feed/place-nearby/?lat=51.4700&lng=-0.0690&platform=web');
    expect(res.status).toBe(200);
    const { result } = v.parse(PlaceNearbyResponseSchema, res.body);
    expect(result).not.toBeNull();
    expect(result!.place_id).toMatch(/^city:\d+$/);
    expect(result!.description).toMatch(/, GB$/);
    expect(result!.country_code).toBe('GB');
    expect(Math.abs(result!.lat - 51.47)).toBeLessThan(0.1);
    expect(result!.street_address).toBeUndefined();
  });

  it('answers null in the middle of the ocean, and 400 for a point that is not one', async () => {
    expect((await get(t.app, '/api/media_feed/place-nearby/?lat=-40&lng=-120')).body).toEqual({ result: null });
    for (const query of ['lat=abc&lng=0', 'lat=91&lng=0', 'lat=0&lng=181', 'lat=1', '']) {
      const res = await get(t.app, `/api/media_feed/place-nearby/?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
  });
});

describe('an OpenStreetMap geocoder (Photon API) in front of the gazetteer', () => {
  let stub: PhotonStub;
  let g: TestApp;
  beforeAll(async () => {
    stub = await startPhotonStub();
    g = await startTestApp({
      config: { geocoder: { kind: 'photon', url: stub.url, timeoutMs: 1500 } },
      contents: withGazetteer,
    });
  }, 120_000);
  afterAll(async () => {
    await g.close();
    await stub.close();
  });

  const search = (input: string) =>
    get(g.app, `/api/media_feed/places-autocomplete/?input=${encodeURIComponent(input)}&platform=web`);

  it('finds a street address and a postcode, and details give the street, postcode and pin', async () => {
    const res = await search('133 Rye Lane');
    expect(res.status).toBe(200);
    const [first] = v.parse(PlacesAutocompleteResponseSchema, res.body).predictions;
    expect(first!.description).toBe('Peckham Levels, 133 Rye Lane, London, SE15 4ST, GB');
    expect(first!.place_id).toMatch(/^osm:/);
    const details = await get(g.app, `/api/media_feed/place-details/?place_id=${encodeURIComponent(first!.place_id)}`);
    expect(details.status).toBe(200);
    expect(details.body.result).toMatchObject({
      geometry: { location: { lat: 51.4689, lng: -0.0689 } },
      name: 'Peckham Levels',
      street_address: '133 Rye Lane',
      postal_code: 'SE15 4ST',
      locality: 'London',
      country_code: 'GB',
    });
    expect((await search('SE15 4ST')).body.predictions[0].description).toContain('SE15 4ST');
    // A district is a place with no street.
    expect((await search('Shoreditch')).body.predictions[0].description).toBe('Shoreditch, London, GB');
  });

  it('answers a repeated search from its cache without asking the geocoder again', async () => {
    await search('rye lane');
    const before = stub.calls.length;
    await search('Rye  LANE ');
    expect(stub.calls.length).toBe(before);
  });

  it('falls back to the gazetteer on a timeout (no 5xx), then leaves the geocoder alone for a while', async () => {
    const started = Date.now();
    const res = await search('slow london');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(res.body.predictions).toEqual([]); // "slow london" is no town; the point is the 200
    const before = stub.calls.length;
    const london = await search('london');
    expect(london.status).toBe(200);
    expect(london.body.predictions[0].description).toBe('London, England, GB');
    expect(stub.calls.length).toBe(before);
  });

  it('falls back on a 500 and on an answer that is not the API, and refuses a forged id', async () => {
    const other = await startTestApp({
      config: { geocoder: { kind: 'photon', url: stub.url, timeoutMs: 1500 } },
      db: g.db,
    });
    try {
      const broken = await get(other.app, '/api/media_feed/places-autocomplete/?input=broken');
      expect(broken.status).toBe(200);
      // The gazetteer's towns ("Broken Hill"), not an error.
      expect(broken.body.predictions[0].place_id).toMatch(/^city:/);
    } finally {
      await other.close();
    }
    const third = await startTestApp({
      config: { geocoder: { kind: 'photon', url: stub.url, timeoutMs: 1500 } },
      db: g.db,
    });
    try {
      const garbage = await get(third.app, '/api/media_feed/places-autocomplete/?input=garbage%20paris');
      expect(garbage.status).toBe(200);
      expect(garbage.body).toEqual({ predictions: [] });
      const forged = await get(third.app, '/api/media_feed/place-details/?place_id=osm:bm90IGpzb24');
      expect(forged.status).toBe(404);
      const tooLong = await get(third.app, `/api/media_feed/place-details/?place_id=osm:${'a'.repeat(700)}`);
      expect(tooLong.status).toBe(400);
    } finally {
      await third.close();
    }
  });

  it('reverse-geocodes a point to the nearest address', async () => {
    const res = await get(g.app, '/api/media_feed/place-nearby/?lat=51.4689&lng=-0.0689');
    expect(res.status).toBe(200);
    // The geocoder may still be resting after the timeout above: then the gazetteer answers.
    expect(res.body.result.description).toMatch(/Rye Lane|GB$/);
  });
});
