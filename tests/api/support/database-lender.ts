/**
 * Migrated databases for the test files of one Vitest worker, lent and taken
 * back: starting an in-memory PGlite from the migrated dump costs 0.5–1
 * CPU-second on a 2-core host, creating a PostgreSQL database from the
 * template and dropping it 0.15–0.45 CPU-second of the server's, emptying one
 * that a file used about 20 ms, and the server projects start dozens a run.
 *
 * A database comes back as it was lent: every table but the migration ledger
 * emptied, sequences restarted, the session's settings, listeners and advisory
 * locks reset. One whose schema a test changed (a table, function or trigger
 * of its own, or a row of the migration ledger taken out: its catalog no
 * longer matches the template's) is closed instead.
 * A lent Db stops answering once it is given back, or closed by its test, as
 * a closed database would: a timer a file left running cannot read or write
 * the next file's rows.
 *
 * A PostgreSQL borrower gets a pool of its own, ended when it gives the
 * database back: its sessions, with their settings, listeners and advisory
 * locks, end with it.
 *
 * A file that needs more than the migrations (the gazetteer's 140,000 places,
 * 5–6 CPU-seconds to load into PGlite) borrows with `Contents` that name it:
 * such a database is filled once, keeps those rows through its resets, and
 * is lent again only to a borrower asking for the same contents.
 *
 * Only where a worker keeps its modules between files (the server projects,
 * `isolate: false`, which set ROAMLY_TEST_LEND_DATABASES): elsewhere each file
 * would hold its own spare copies and never give them back.
 */
import type { Db, TransactionQueryable } from '../../../server/db/client.ts';

/** Everything in the schema a test could add or change, and the migration ledger (kept), as one comparable text. */
const CATALOG = `
  SELECT string_agg(item, ',' ORDER BY item) AS catalog FROM (
    SELECT 'rel:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relnatts
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
    UNION ALL
    SELECT 'fn:' || p.oid::regprocedure::text
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL
    SELECT 'trigger:' || tgrelid::regclass::text || '.' || tgname || ':' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL
    SELECT 'schema:' || nspname FROM pg_namespace
    UNION ALL
    SELECT 'migration:' || name FROM schema_migrations
    UNION ALL
    SELECT 'function:' || name || ':' || hash FROM schema_functions
  ) items (item)`;

/** What a lent database holds beyond the migrations, kept through its resets. */
export interface Contents {
  /** Databases lent with these contents are lent again only for them. */
  name: string;
  /** Tables whose rows stay when the database is given back (the migration ledger always does). */
  keptTables: string[];
  /** Fills a new database; one given back keeps what this put there. */
  fill(db: Db): Promise<unknown>;
}

/** The migrations and nothing else: what most files borrow. */
export const migratedOnly: Contents = { name: 'migrated', keptTables: [], fill: async () => undefined };

interface Lendable {
  db: Db;
  /** The statements that empty it again, made from its own catalog when it was first started. */
  reset: string;
}

/** The spares kept for `contents` in `byName` (a list made on first use). */
function sparesFor<T>(byName: Map<string, T[]>, contents: Contents): T[] {
  let spares = byName.get(contents.name);
  if (!spares) byName.set(contents.name, (spares = []));
  return spares;
}

/** Spare in-memory databases, by the contents' name. */
const spareDbs = new Map<string, Lendable[]>();
/** The catalog of a database as the template made it, per engine (their catalogs differ). */
const templateCatalogs = new Map<Db['engine'], string>();

async function catalogOf(db: Db): Promise<string> {
  return (await db.query<{ catalog: string }>(CATALOG)).rows[0]!.catalog;
}

async function resetStatements(db: Db, contents: Contents): Promise<string> {
  const names = (sql: string, params: unknown[] = []) =>
    db.query<{ name: string }>(sql, params).then((result) => result.rows.map((row) => row.name));
  const tables = await names(
    `SELECT quote_ident(tablename) AS name FROM pg_tables
      WHERE schemaname = 'public' AND tablename <> ALL ($1::text[])`,
    [['schema_migrations', 'schema_functions', ...contents.keptTables]],
  );
  const sequences = await names(
    `SELECT quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname = 'public'`,
  );
  // DELETE with the foreign-key triggers off: a fifth of TRUNCATE's cost on tables this small.
  return [
    'RESET ALL',
    'UNLISTEN *',
    'SELECT pg_advisory_unlock_all()',
    'SET session_replication_role = replica',
    ...tables.map((table) => `DELETE FROM ${table}`),
    'RESET session_replication_role',
    ...sequences.map((sequence) => `ALTER SEQUENCE ${sequence} RESTART`),
  ].join(';\n');
}

/** Empties a database a file gave back; false when it cannot be lent again. */
async function madeLikeNew(lendable: Lendable): Promise<boolean> {
  try {
    if ((await catalogOf(lendable.db)) !== templateCatalogs.get(lendable.db.engine)) return false;
    await lendable.db.exec(lendable.reset);
    return true;
  } catch {
    return false;
  }
}

/**
 * `lendable` as its borrower sees it: `drop` (once, however often called) checks and empties
 * it and hands `giveBack` the verdict; the Db stops answering from that moment.
 */
function lendOut(lendable: Lendable, giveBack: (likeNew: boolean) => Promise<void>): { db: Db; drop(): Promise<void> } {
  let returned: Promise<void> | null = null;
  const drop = () => (returned ??= madeLikeNew(lendable).then(giveBack));
  return { db: lease(lendable, () => returned !== null, drop), drop };
}

/** A Db over `lendable` that stops answering once `revoked()` is true. */
function lease(lendable: Lendable, revoked: () => boolean, giveBack: () => Promise<void>): Db {
  const refuse = () => Promise.reject(new Error('This test database was given back.'));
  const { db } = lendable;
  return {
    engine: db.engine,
    query: (sql, params) => (revoked() ? refuse() : db.query(sql, params)),
    exec: (sql) => (revoked() ? refuse() : db.exec(sql)),
    transaction: <R>(fn: (tx: TransactionQueryable) => Promise<R>) => (revoked() ? refuse() : db.transaction(fn)),
    close: giveBack,
  };
}

/** A migrated in-memory database with `contents` from the spares, or started by `start`; `drop` gives it back. */
export async function lendPglite(
  start: () => Promise<Db>,
  contents: Contents = migratedOnly,
): Promise<{ db: Db; drop(): Promise<void> }> {
  const lent = sparesFor(spareDbs, contents).pop() ?? (await lendableFrom(await start(), contents));
  return lendOut(lent, async (likeNew) => {
    if (likeNew) sparesFor(spareDbs, contents).push(lent);
    else await lent.db.close().catch(() => undefined);
  });
}

/** A database new from the template, filled with `contents`, ready to be lent and emptied again. */
async function lendableFrom(db: Db, contents: Contents): Promise<Lendable> {
  if (!templateCatalogs.has(db.engine)) templateCatalogs.set(db.engine, await catalogOf(db));
  await contents.fill(db);
  return { db, reset: await resetStatements(db, contents) };
}

/** Where lendPostgres makes, opens and drops databases (names made by `create`). */
export interface PostgresServer {
  create(): Promise<string>;
  open(name: string): Promise<Db>;
  drop(name: string): Promise<void>;
}

/** Spare databases on the server, by the contents' name. */
const spareNames = new Map<string, { name: string; reset: string }[]>();

/** A migrated database with `contents` on a PostgreSQL server from the spares, or made by `server.create`; `drop` gives it back. */
export async function lendPostgres(
  server: PostgresServer,
  contents: Contents = migratedOnly,
): Promise<{ db: Db; drop(): Promise<void> }> {
  const kept = sparesFor(spareNames, contents).pop();
  const name = kept?.name ?? (await server.create());
  const lent: Lendable = kept
    ? { db: await server.open(name), reset: kept.reset }
    : await lendableFrom(await server.open(name), contents);
  return lendOut(lent, async (likeNew) => {
    await lent.db.close().catch(() => undefined);
    if (likeNew) sparesFor(spareNames, contents).push({ name, reset: lent.reset });
    else await server.drop(name).catch(() => undefined);
  });
}
