/**
 * What finding venues and places costs on the embedded database (PGlite, in
 * memory, one process), with VENUE_COUNTS published business listings spread
 * over a 40 km square around London (default 1000 and 10000):
 * - matching_businesses as it is now (name match, then distance within 50 km, 10 at most)
 *   beside the query it replaced (1 km around the point), for the same names;
 * - venue names in the place search (name or word prefix, 2 at most);
 * - the nearest gazetteer place to a point ("Use my location"), on land and at sea.
 * Prints p50/p99 in ms per query, side by side.
 *
 *   npx tsx scripts/bench/place-search-venues.ts
 *   VENUE_COUNTS=1000,10000,50000 ROUNDS=300 npx tsx scripts/bench/place-search-venues.ts
 */
import { openPglite, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { matchingBusinessesJson, venuePlacesByName } from '../../server/db/queries/listings.ts';
import { nearestPlace } from '../../server/db/queries/places.ts';
import { ensureGazetteerLoaded } from '../../server/services/places/gazetteer-load.ts';

const counts = (process.env.VENUE_COUNTS ?? '1000,10000').split(',').map(Number);
const rounds = Number(process.env.ROUNDS ?? 200);
const words = ['Harbour', 'Lantern', 'Blue', 'Crown', 'Anchor', 'Velvet', 'Copper', 'Garden', 'Union', 'Rose'];
const kinds = ['Bar', 'Hall', 'Café', 'Rooms', 'Club', 'Yard', 'Kitchen', 'Tavern'];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 100) / 100;
}

async function timed(work: (i: number) => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 10; i++) await work(i); // warm the plans
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await work(i);
    ms.push(performance.now() - start);
  }
  return `p50 ${percentile(ms, 50).toFixed(2)}  p99 ${percentile(ms, 99).toFixed(2)}`;
}

/** The venue query before: business listings within 1 km whose title matches (as it was). */
async function oldMatching(db: Db, venue: string, lat: number, lng: number): Promise<void> {
  const radiusM = 1000;
  const latSpan = radiusM / 111_000;
  const lngSpan = latSpan / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  await db.query(
    `SELECT coalesce(json_agg(json_build_object('id', m.id, 'title', m.title) ORDER BY m.distance), '[]')::text AS body
       FROM (SELECT e.*, 2 * 6371000 * asin(sqrt(
                power(sin(radians(e.latitude - $2) / 2), 2) +
                cos(radians($2)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - $3) / 2), 2)
              )) AS distance
               FROM events e
              WHERE e.is_listing AND e.status = 'published' AND e.latitude BETWEEN $2 - $4 AND $2 + $4
                AND e.longitude BETWEEN $3 - $5 AND $3 + $5
                AND (strpos(fold($1), fold(e.title)) > 0 OR strpos(fold(e.title), fold($1)) > 0)
            ) m
      WHERE m.distance <= $6`,
    [venue, lat, lng, latSpan, lngSpan, radiusM],
  );
}

async function addListings(db: Db, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 1000) {
    const end = Math.min(to, start + 1000);
    await db.query(
      `WITH u AS (
         INSERT INTO users (email, password_hash, user_type, verified_at)
         SELECT 'venue' || i || '@bench.example', 'x', 'business', now() FROM generate_series($1::int, $2::int - 1) i
         RETURNING id, split_part(split_part(email, '@', 1), 'venue', 2)::int AS i)
       INSERT INTO events (user_id, title, location_name, latitude, longitude, is_recurring, is_listing, status,
                           street_address, locality, country_code)
       SELECT u.id, ($3::text[])[1 + u.i % 10] || ' ' || ($4::text[])[1 + (u.i / 10) % 8] || ' ' || u.i,
              'London, England, GB', 51.33 + (u.i * 7919 % 1000) / 2500.0, -0.41 + (u.i * 104729 % 1000) / 1700.0,
              true, true, 'published', u.i || ' High Street', 'London', 'GB'
         FROM u`,
      [start, end, words, kinds],
    );
  }
}

const db = await openPglite(null);
await migrate(db);
const loadStart = performance.now();
await ensureGazetteerLoaded(db);
console.log(`gazetteer loaded in ${Math.round((performance.now() - loadStart) / 1000)} s`);

const points = Array.from({ length: 50 }, (_, i) => ({ lat: 51.35 + (i % 10) * 0.035, lng: -0.4 + (i % 7) * 0.08 }));
const nameOf = (i: number) => words[i % words.length]!;

let have = 0;
for (const count of counts) {
  await addListings(db, have, count);
  have = count;
  await db.exec('ANALYZE events');
  console.log(`\n${count} published business listings`);
  console.log(
    `  matching_businesses before (1 km, name contains) ${await timed((i) => oldMatching(db, nameOf(i), points[i % 50]!.lat, points[i % 50]!.lng))}`,
  );
  console.log(
    `  matching_businesses now (rank, 50 km, 10)        ${await timed((i) =>
      matchingBusinessesJson(
        db,
        {
          venue: nameOf(i),
          venueName: nameOf(i),
          lat: points[i % 50]!.lat,
          lng: points[i % 50]!.lng,
          radiusM: 50_000,
          limit: 10,
        },
        '/media/',
      ),
    )}`,
  );
  console.log(
    `  matching_businesses now, no point                ${await timed((i) =>
      matchingBusinessesJson(
        db,
        { venue: nameOf(i), venueName: nameOf(i), lat: null, lng: null, radiusM: 50_000, limit: 10 },
        '/media/',
      ),
    )}`,
  );
  console.log(
    `  venue names in the place search (2 at most)      ${await timed((i) => venuePlacesByName(db, nameOf(i).slice(0, 4), 2))}`,
  );
}
console.log('\nnearest gazetteer place to a point');
console.log(
  `  on land (London area)  ${await timed((i) => nearestPlace(db, points[i % 50]!.lat, points[i % 50]!.lng))}`,
);
console.log(`  at sea (-40, -120)     ${await timed(() => nearestPlace(db, -40, -120))}`);
await db.close();
