/**
 * Gives events written before migration 024 the time zone of their
 * coordinates, at start-up, in batches. Idempotent (only rows with
 * coordinates and no zone), and safe on several instances at once: each batch
 * sets only rows that still have no zone.
 */
import type { Queryable } from '../../db/client.ts';
import { eventsWithoutZone, setZones } from '../../db/queries/time-zones.ts';
import { timeZoneAt } from './time-zones.ts';

const BATCH = 500;

export async function backfillTimeZones(db: Queryable): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await eventsWithoutZone(db, BATCH);
    const found = rows
      .map((row) => ({ id: row.id, zone: timeZoneAt(Number(row.latitude), Number(row.longitude)) }))
      .filter((row): row is { id: string; zone: string } => row.zone !== null);
    if (found.length > 0) {
      await setZones(db, found);
      filled += found.length;
    }
    // A batch where no row had a zone to give would be selected again: stop there.
    if (rows.length < BATCH || found.length === 0) return filled;
  }
}
