/**
 * Applies the numbered SQL files of server/db/migrations in order, each once,
 * recording what ran in `schema_migrations`; then the repeatable definitions
 * of server/db/functions (one SQL function per file, `CREATE OR REPLACE`),
 * each again whenever its text changed, recorded by hash in
 * `schema_functions`. So a function that grows (event_document() gains a field)
 * is one edit to its file, not a copy in a new migration. All in one
 * transaction; a lock keeps two processes starting at once on one PostgreSQL
 * from racing. The built server (dist-server/, vite.server.config.ts) carries
 * a copy of both folders next to the bundle this module is in.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './client.ts';

const here = dirname(fileURLToPath(import.meta.url));
const migrationsDir = join(here, 'migrations');
const functionsDir = join(here, 'functions');

let knownFiles: Promise<string[]> | null = null;
let knownFunctions: Promise<FunctionFile[]> | null = null;

interface FunctionFile {
  name: string;
  sql: string;
  hash: string;
}

/** The migration files this build ships, in order. */
export function migrationFiles(): Promise<string[]> {
  knownFiles ??= readdir(migrationsDir).then((names) =>
    names.filter((name) => /^\d{3}-[\w-]+\.sql$/.test(name)).sort(),
  );
  return knownFiles;
}

/** The repeatable function files this build ships, with their text and its hash. */
export function functionFiles(): Promise<FunctionFile[]> {
  knownFunctions ??= readdir(functionsDir).then((names) =>
    Promise.all(
      names
        .filter((name) => /^[\w-]+\.sql$/.test(name))
        .sort()
        .map(async (name) => {
          const sql = await readFile(join(functionsDir, name), 'utf8');
          return { name, sql, hash: createHash('sha256').update(sql).digest('hex') };
        }),
    ),
  );
  return knownFunctions;
}

const CREATE_FUNCTIONS_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_functions (name text PRIMARY KEY, hash text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())';

/** Function files whose text differs from what `db` last applied. */
async function changedFunctions(db: Queryable): Promise<FunctionFile[]> {
  const applied = new Map(
    (await db.query<{ name: string; hash: string }>('SELECT name, hash FROM schema_functions')).rows.map((r) => [
      r.name,
      r.hash,
    ]),
  );
  return (await functionFiles()).filter((file) => applied.get(file.name) !== file.hash);
}

export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  return db.transaction(async (tx) => {
    // No idle-in-transaction timeout for a migration: between statements the migrating
    // process reads the next file, and a process busy elsewhere (the test setup migrates
    // PGlite beside it, whose WebAssembly holds the thread for seconds) left the transaction
    // idle past 30 s on a loaded host, and PostgreSQL ended it half-way. First, so it goes
    // out in one write with the BEGIN (server/db/client.ts) and no gap precedes it.
    await tx.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    // A migration may rewrite a large table: no statement timeout for it (server/db/client.ts).
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock(724311)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await tx.query(CREATE_FUNCTIONS_TABLE);
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      await tx.exec(await readFile(join(migrationsDir, name), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    // After every migration, so a definition may use the columns they add.
    for (const file of await changedFunctions(tx)) {
      await tx.exec(file.sql);
      await tx.query(
        `INSERT INTO schema_functions (name, hash) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET hash = EXCLUDED.hash, applied_at = now()`,
        [file.name, file.hash],
      );
      applied.push(`functions/${file.name}`);
    }
    return applied;
  });
}

/**
 * The migrations and function definitions of this build not applied to `db` yet
 * (empty: ready). Throws when the database does not answer.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  const exists = await db.query<{ migrations: boolean; functions: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS migrations, to_regclass('schema_functions') IS NOT NULL AS functions",
  );
  if (!exists.rows[0]?.migrations) return files;
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
  );
  const pending = files.filter((name) => !done.has(name));
  const functions = exists.rows[0].functions ? await changedFunctions(db) : await functionFiles();
  return [...pending, ...functions.map((file) => `functions/${file.name}`)];
}
