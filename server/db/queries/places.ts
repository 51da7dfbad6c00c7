/**
 * SQL for the gazetteer: places (one row per city, migration 008) and
 * places_source (which data file version filled it). Searches take the
 * btree range of folded names that services/places/gazetteer.ts works out.
 */
import type { Queryable } from '../client.ts';

/** Predictions per search; a literal in the statement, so its plan is made for it. */
const MAX_PREDICTIONS = 5;
/** Distinct from the migration (724311) and key-ring (724312) locks: a load waits on neither. */
const LOAD_LOCK = 724313;
/** The same index as migration 008 creates. */
const SEARCH_INDEX = 'CREATE INDEX places_name_key ON places (name_key, population DESC) INCLUDE (qualifier_key, id)';

/** The most populous places whose folded name is in [from, to) and whose qualifier contains `qualifier`. */
export async function topPlacesInRange(
  db: Queryable,
  range: { from: string; to: string; qualifier: string },
): Promise<{ id: number; description: string }[]> {
  // The ranking reads the index only (it includes population, qualifier
  // and id); descriptions are fetched for the five winners alone.
  const result = await db.query<{ id: number; description: string }>(
    `SELECT p.id, p.description
       FROM (SELECT id, population FROM places
              WHERE name_key >= $1 AND name_key < $2 AND strpos(qualifier_key, $3) > 0
              ORDER BY population DESC, id
              LIMIT ${MAX_PREDICTIONS}) top
       JOIN places p USING (id)
      ORDER BY top.population DESC, p.id`,
    [range.from, range.to, range.qualifier],
  );
  return result.rows;
}

export interface PlaceRow {
  name: string;
  description: string;
  lat: number;
  lng: number;
}

export async function placeById(db: Queryable, id: number): Promise<PlaceRow | null> {
  const result = await db.query<PlaceRow>('SELECT name, description, lat, lng FROM places WHERE id = $1', [id]);
  return result.rows[0] ?? null;
}

/** The data file version the places were loaded from, or null before the first load. */
export async function loadedPlacesSource(db: Queryable): Promise<string | null> {
  const result = await db.query<{ source: string }>('SELECT source FROM places_source');
  return result.rows[0]?.source ?? null;
}

/** Holds the load lock until the transaction ends. */
export async function lockPlacesLoad(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [LOAD_LOCK]);
}

export async function deleteAllPlaces(tx: Queryable): Promise<void> {
  await tx.query('DELETE FROM places');
}

export async function dropPlacesSearchIndex(tx: Queryable): Promise<void> {
  await tx.exec('DROP INDEX IF EXISTS places_name_key');
}

export async function createPlacesSearchIndex(tx: Queryable): Promise<void> {
  await tx.exec(SEARCH_INDEX);
}

export interface PlaceInsert extends PlaceRow {
  id: number;
  name_key: string;
  qualifier_key: string;
  population: number;
}

/** Inserts a batch as one JSON parameter; ids already present are skipped. */
export async function insertPlaces(tx: Queryable, rows: PlaceInsert[]): Promise<void> {
  await tx.query(
    `INSERT INTO places (id, name, name_key, qualifier_key, description, population, lat, lng)
     SELECT id, name, name_key, qualifier_key, description, population, lat, lng
       FROM json_to_recordset($1::json) AS r(id integer, name text, name_key text, qualifier_key text,
            description text, population integer, lat double precision, lng double precision)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

export async function recordPlacesSource(tx: Queryable, source: string, rowCount: number): Promise<void> {
  await tx.query(
    `INSERT INTO places_source (source, row_count) VALUES ($1, $2)
     ON CONFLICT (singleton) DO UPDATE SET source = $1, row_count = $2, loaded_at = now()`,
    [source, rowCount],
  );
}

/** Statistics for the planner, and a visibility map so searches read the index only. */
export async function vacuumPlaces(db: Queryable): Promise<void> {
  await db.exec('VACUUM ANALYZE places');
}

export interface NearbyPlaceRow extends PlaceRow {
  id: number;
}

/**
 * The gazetteer place nearest to a point: a band of latitude from the places_lat
 * index (migration 039), widened only while it holds nothing, then the
 * great-circle distance within it. The widest band (±2°) is a few thousand rows.
 */
export async function nearestPlace(db: Queryable, lat: number, lng: number): Promise<NearbyPlaceRow | null> {
  for (const span of [0.1, 0.5, 2]) {
    const lngSpan = Math.min(180, span / Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
    const result = await db.query<NearbyPlaceRow>(
      `SELECT id, name, description, lat, lng FROM places
        WHERE lat BETWEEN $1::float8 - $3::float8 AND $1::float8 + $3::float8
          AND lng BETWEEN $2::float8 - $4::float8 AND $2::float8 + $4::float8
        ORDER BY power(sin(radians(lat - $1) / 2), 2) +
                 cos(radians($1)) * cos(radians(lat)) * power(sin(radians(lng - $2) / 2), 2), population DESC, id
        LIMIT 1`,
      [lat, lng, span, lngSpan],
    );
    if (result.rows[0]) return result.rows[0];
  }
  return null;
}
