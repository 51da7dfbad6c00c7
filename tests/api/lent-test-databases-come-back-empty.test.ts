/**
 * The databases the server projects' files borrow (support/database-lender.ts),
 * in-memory PGlite or, in the `api-postgres` project, databases on the
 * PostgreSQL server: the next borrower must find one exactly as a new copy of
 * the template, and a file that keeps its handle must not reach the next
 * file's rows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { openPglite, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { lendPglite, lendPostgres, migratedOnly, type Contents } from './support/database-lender.ts';
import { postgresServer, usesPostgres } from './support/test-app.ts';

let started = 0;
async function start(): Promise<Db> {
  started++;
  const template = inject('pgliteTemplate');
  const db = await openPglite(null, template ? new Blob([readFileSync(template)]) : undefined);
  if (!template) await migrate(db);
  return db;
}

/** A database from this project's engine's lender, counting the ones made new. */
function borrow(contents: Contents = migratedOnly) {
  if (!usesPostgres()) return lendPglite(start, contents);
  const server = postgresServer(
    process.env.TEST_DATABASE_URL!,
    inject('postgresTemplate'),
    inject('lentDatabasePrefix'),
  );
  return lendPostgres(
    {
      ...server,
      create: () => {
        started++;
        return server.create();
      },
    },
    contents,
  );
}

const count = async (db: Db, sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n;

describe('lent test databases', () => {
  it('come back emptied, sequences restarted, and refuse the handle that gave them back', async () => {
    const first = await borrow();
    const before = started;
    await first.db.query(
      `INSERT INTO users (email, password_hash, full_name, display_name, user_type)
       VALUES ('lent@example.com', 'x', 'Lent Person', 'lent', 'business')`,
    );
    const timeout = async (db: Db) =>
      (await db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout;
    const ownTimeout = await timeout(first.db); // 0 on PGlite, the pool's own on PostgreSQL
    await first.db.exec("SET statement_timeout = '1s'");
    await first.drop();
    await expect(first.db.query('SELECT 1')).rejects.toThrow(/given back/);

    const second = await borrow();
    expect(started).toBe(before); // the same database, lent again
    expect(await count(second.db, 'SELECT count(*)::int AS n FROM users')).toBe(0);
    expect(await count(second.db, 'SELECT count(*)::int AS n FROM schema_migrations')).toBeGreaterThan(0);
    const { rows } = await second.db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, full_name, display_name, user_type)
       VALUES ('again@example.com', 'x', 'Again', 'again', 'business') RETURNING id::int AS id`,
    );
    expect(rows[0]!.id).toBe(1);
    expect(await timeout(second.db)).toBe(ownTimeout);
    await second.drop();
  });

  it('are not lent again after a test changed their schema or their migration ledger', async () => {
    const changed = await borrow();
    await changed.db.exec('CREATE TABLE left_behind (id int)');
    await changed.drop();
    const next = await borrow();
    expect(await count(next.db, "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'left_behind'")).toBe(0);
    await next.db.query("DELETE FROM schema_migrations WHERE name = '010-stateless.sql'");
    await next.drop();
    const after = await borrow();
    expect(
      await count(after.db, "SELECT count(*)::int AS n FROM schema_migrations WHERE name = '010-stateless.sql'"),
    ).toBe(1);
    await after.drop();
  });

  it('keep what their contents filled, and are lent again only to a borrower asking for the same', async () => {
    let fills = 0;
    const source: Contents = {
      name: 'a-places-source-row',
      keptTables: ['places_source'],
      fill: async (db) => {
        fills++;
        await db.query("INSERT INTO places_source (source, row_count) VALUES ('lender-test', 1)");
      },
    };
    const rows = (db: Db) => count(db, 'SELECT count(*)::int AS n FROM places_source');
    const filled = await borrow(source);
    expect(await rows(filled.db)).toBe(1);
    await filled.db.query(
      `INSERT INTO users (email, password_hash, full_name, display_name, user_type)
       VALUES ('filled@example.com', 'x', 'Filled', 'filled', 'business')`,
    );
    await filled.drop();

    const plain = await borrow();
    expect(await rows(plain.db)).toBe(0);
    const again = await borrow(source);
    expect(fills).toBe(1); // given back and lent again, not filled again
    expect(await rows(again.db)).toBe(1);
    expect(await count(again.db, 'SELECT count(*)::int AS n FROM users')).toBe(0);
    await plain.drop();
    await again.drop();
  });
});
