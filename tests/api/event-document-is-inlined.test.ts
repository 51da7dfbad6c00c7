/**
 * An event's JSON document is built inside the statement that reads or
 * writes it: PostgreSQL inlines event_document() (migration 021) instead of
 * planning the function's 36-field body anew on every call, which made an
 * update returning its document 4× and a list of 20 events 2× as costly.
 * The two-argument form a previous release calls still gives the same
 * document (a rolling upgrade runs both releases on one database).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventDocument } from '../../server/db/queries/event-document.ts';
import { freshDb } from './support/test-app.ts';
import { insertVenueAndPromoter } from './support/venue-and-promoter.ts';

let database: Awaited<ReturnType<typeof freshDb>>;

beforeAll(async () => {
  database = await freshDb();
  await insertVenueAndPromoter(database.db);
});

afterAll(() => database.drop());

async function plan(sql: string): Promise<string> {
  const rows = await database.db.query<Record<string, string>>(`EXPLAIN (VERBOSE) ${sql}`);
  return rows.rows.map((row) => Object.values(row)[0]).join('\n');
}

it('a statement reading a document gets the function body inlined, not a call to it', async () => {
  const text = await plan(`SELECT ${eventDocument('e', "'/media/'")} FROM events e WHERE e.user_id = 2`);
  expect(text).toContain('json_build_object');
  expect(text).not.toContain('event_document');
});

it('an update returning its document gets the function body inlined', async () => {
  const text = await plan(
    `UPDATE events AS e SET title = 'Later jazz' WHERE id = 11 RETURNING ${eventDocument('e', "'/media/'")}`,
  );
  expect(text).toContain('json_build_object');
  expect(text).not.toContain('event_document');
});

it('names the venue, and the previous two-argument form answers the same document', async () => {
  const rows = await database.db.query<{ now: string; before: string }>(
    `SELECT ${eventDocument('e', "'/media/'")}::text AS now, event_document(e, '/media/')::text AS before
       FROM events e WHERE e.user_id = 2 ORDER BY e.id`,
  );
  const documents = rows.rows.map((row) => JSON.parse(row.now) as { title: string; venue_title: string | null });
  expect(documents.map((d) => [d.title, d.venue_title])).toEqual([
    ['Late jazz', 'The Blue Room'],
    ['No venue', null],
  ]);
  for (const row of rows.rows) expect(row.now).toBe(row.before);
});
