/**
 * The in-memory databases the server projects' files borrow
 * (support/pglite-lender.ts): the next borrower must find one exactly as a new
 * copy of the template, and a file that keeps its handle must not reach the
 * next file's rows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { openPglite, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { lendPglite } from './support/pglite-lender.ts';

let started = 0;
async function start(): Promise<Db> {
  started++;
  const template = inject('pgliteTemplate');
  const db = await openPglite(null, template ? new Blob([readFileSync(template)]) : undefined);
  if (!template) await migrate(db);
  return db;
}

const count = async (db: Db, sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;

describe('lent test databases', () => {
  it('come back emptied, sequences restarted, and refuse the handle that gave them back', async () => {
    const first = await lendPglite(start);
    const before = started;
    await first.db.query(
      `INSERT INTO users (email, password_hash, full_name, display_name, user_type)
       VALUES ('lent@example.com', 'x', 'Lent Person', 'lent', 'business')`,
    );
    await first.db.exec("SET statement_timeout = '1s'");
    await first.drop();
    await expect(first.db.query('SELECT 1')).rejects.toThrow(/given back/);

    const second = await lendPglite(start);
    expect(started).toBe(before); // the same database, lent again
    expect(await count(second.db, 'SELECT count(*)::int AS n FROM users')).toBe(0);
    expect(await count(second.db, 'SELECT count(*)::int AS n FROM schema_migrations')).toBeGreaterThan(0);
    const { rows } = await second.db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, full_name, display_name, user_type)
       VALUES ('again@example.com', 'x', 'Again', 'again', 'business') RETURNING id`,
    );
    expect(rows[0]!.id).toBe(1);
    expect((await second.db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]).toEqual({
      statement_timeout: '0',
    });
    await second.drop();
  });

  it('are not lent again after a test changed their schema or their migration ledger', async () => {
    const changed = await lendPglite(start);
    await changed.db.exec('CREATE TABLE left_behind (id int)');
    await changed.drop();
    const next = await lendPglite(start);
    expect(await count(next.db, "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'left_behind'")).toBe(0);
    await next.db.query("DELETE FROM schema_migrations WHERE name = '010-stateless.sql'");
    await next.drop();
    const after = await lendPglite(start);
    expect(
      await count(after.db, "SELECT count(*)::int AS n FROM schema_migrations WHERE name = '010-stateless.sql'"),
    ).toBe(1);
    await after.drop();
  });
});
