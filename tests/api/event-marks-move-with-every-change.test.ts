/**
 * A process that holds a list rebuilds it from the events whose mark moved
 * (migration 022), so every change to what an event's document shows must
 * move its mark: an edit of the row by any statement (the venue's answer, the
 * foreign key clearing a deleted venue) and a rename of its venue — which also
 * moves the list revision of every account naming that venue, so no process
 * and no client keeps answering with the old name. And the database sends
 * exactly the documents whose mark the caller does not hold.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDb } from './support/test-app.ts';
import { insertVenueAndPromoter } from './support/venue-and-promoter.ts';

let database: Awaited<ReturnType<typeof freshDb>>;

beforeAll(async () => {
  database = await freshDb();
  await insertVenueAndPromoter(database.db);
  await database.db.query(
    `INSERT INTO users (id, email, password_hash, full_name, user_type) VALUES (3, 'new@example.test', 'x', 'New', 'promoter')`,
  );
});

afterAll(() => database.drop());

interface Delta {
  rev: string;
  marks: string | null;
  docs: string | null;
}

async function delta(known: Record<string, string> | null, knownRev: string | null = null): Promise<Delta | undefined> {
  const result = await database.db.query<Delta>('SELECT rev, marks, docs FROM event_list_delta($1, $2, $3, $4)', [
    2,
    '/media/',
    knownRev,
    known && JSON.stringify(known),
  ]);
  return result.rows[0];
}

/** Each event's mark, by id. */
async function marks(): Promise<Record<string, string>> {
  const read = await delta(null);
  return Object.fromEntries((read!.marks ?? '').split(',').map((mark) => [mark.split('.')[0]!, mark]));
}

const titles = (docs: string | null) =>
  (docs ?? '')
    .split('\u001e')
    .filter(Boolean)
    .map((doc) => (JSON.parse(doc) as { title: string }).title);

it('sends the documents whose mark the caller lacks, in id order, and none it holds', async () => {
  const all = await delta(null);
  expect(titles(all!.docs)).toEqual(['Late jazz', 'No venue']);
  const held = await marks();
  expect((await delta(held))!.docs).toBeNull();
  expect(titles((await delta({ '11': held['11']! }))!.docs)).toEqual(['No venue']);
  expect(titles((await delta({ ...held, '12': '12.999.' }))!.docs)).toEqual(['No venue']);
});

it('sends only the revision while it is the one the caller knows', async () => {
  const { rows } = await database.db.query<{ rev: string }>('SELECT events_rev::text AS rev FROM users WHERE id = 2');
  expect(await delta(null, rows[0]!.rev)).toEqual({ rev: rows[0]!.rev, marks: null, docs: null });
});

it("moves an event's mark on any update of its row, and on a rename of its venue, and no other", async () => {
  const start = await marks();
  await database.db.query("UPDATE events SET venue_status = 'approved' WHERE id = 11");
  const answered = await marks();
  expect(answered['11']).not.toBe(start['11']);
  expect(answered['12']).toBe(start['12']);

  const revision = async () =>
    (await database.db.query<{ rev: string }>('SELECT events_rev::text AS rev FROM users WHERE id = 2')).rows[0]!.rev;
  const before = await revision();
  await database.db.query("UPDATE events SET bio = 'Now with a garden' WHERE id = 10");
  expect(await revision()).toBe(before); // the name is all the promoter's list shows of the venue
  await database.db.query("UPDATE events SET title = 'The Green Room' WHERE id = 10");
  expect(Number(await revision())).toBe(Number(before) + 1);
  const renamed = await marks();
  expect(renamed['11']).not.toBe(answered['11']);
  expect(renamed['12']).toBe(answered['12']);
  const [jazz] = (await delta({ '12': renamed['12']! }))!.docs!.split('\u001e');
  expect(JSON.parse(jazz!)).toMatchObject({ title: 'Late jazz', venue_title: 'The Green Room' });

  await database.db.query('DELETE FROM events WHERE id = 10'); // the foreign key clears 11's venue
  const cleared = await marks();
  expect(cleared['11']).not.toBe(renamed['11']);
  const [alone] = (await delta({ '12': cleared['12']! }))!.docs!.split('\u001e');
  expect(JSON.parse(alone!)).toMatchObject({ venue_id: null, venue_title: null });
});

it('gives no row for a missing account, and no marks for an account without events', async () => {
  const none = await database.db.query('SELECT * FROM event_list_delta(999, $1, NULL, NULL)', ['/media/']);
  expect(none.rows).toEqual([]);
  const empty = await database.db.query<Delta>('SELECT rev, marks, docs FROM event_list_delta(3, $1, NULL, NULL)', [
    '/media/',
  ]);
  expect(empty.rows).toEqual([{ rev: expect.any(String), marks: null, docs: null }]);
});
