/** SQL of events whose zone was never looked up (written before migration 024). */
import type { Queryable } from '../client.ts';

export interface UnzonedEvent {
  id: string;
  latitude: number;
  longitude: number;
}

/** Up to `limit` events with coordinates and no zone, in id order. */
export async function eventsWithoutZone(db: Queryable, limit: number): Promise<UnzonedEvent[]> {
  const result = await db.query<UnzonedEvent>(
    `SELECT id::text AS id, latitude, longitude FROM events
      WHERE time_zone IS NULL AND latitude IS NOT NULL AND longitude IS NOT NULL
      ORDER BY id LIMIT $1`,
    [limit],
  );
  return result.rows;
}

/** Sets each event's zone unless another process did first. */
export async function setZones(db: Queryable, zones: readonly { id: string; zone: string }[]): Promise<void> {
  await db.query(
    `UPDATE events e SET time_zone = t.zone
       FROM unnest($1::bigint[], $2::text[]) AS t (id, zone)
      WHERE e.id = t.id AND e.time_zone IS NULL`,
    [zones.map((row) => row.id), zones.map((row) => row.zone)],
  );
}
