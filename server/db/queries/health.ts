import type { Queryable } from '../client.ts';

/** The cheapest question the database can answer: is it there? */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
