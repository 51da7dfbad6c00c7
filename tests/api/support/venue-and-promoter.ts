/**
 * Rows written straight into a fresh database for tests of the event SQL: a
 * business (user 1) whose listing "The Blue Room" (event 10) is a venue, and a
 * promoter (user 2) with "Late jazz" (event 11) at that venue and "No venue"
 * (event 12) without one.
 */
import type { Queryable } from '../../../server/db/client.ts';

export async function insertVenueAndPromoter(db: Queryable): Promise<void> {
  await db.query(`INSERT INTO users (id, email, password_hash, full_name, user_type)
                  VALUES (1, 'venue@example.test', 'x', 'Venue', 'business'),
                         (2, 'promoter@example.test', 'x', 'Promoter', 'promoter')`);
  await db.query(`INSERT INTO events (id, user_id, title, is_recurring, is_listing)
                  VALUES (10, 1, 'The Blue Room', true, true)`);
  await db.query(
    `INSERT INTO events (id, user_id, title, venue_id) VALUES (11, 2, 'Late jazz', 10), (12, 2, 'No venue', NULL)`,
  );
}
