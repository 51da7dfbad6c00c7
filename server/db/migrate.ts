/**
 * Applies the numbered SQL files of server/db/migrations in order, each in its
 * own transaction, recording what ran in `schema_migrations`. A lock keeps two
 * processes starting at once on one PostgreSQL from racing. The built server
 * (dist-server/, vite.server.config.ts) carries a copy of the folder next to
 * the bundle this module is in.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

let knownFiles: Promise<string[]> | null = null;

/** The migration files this build ships, in order. */
export function migrationFiles(): Promise<string[]> {
  knownFiles ??= readdir(migrationsDir).then((names) =>
    names.filter((name) => /^\d{3}-[\w-]+\.sql$/.test(name)).sort(),
  );
  return knownFiles;
}

export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  return db.transaction(async (tx) => {
    // A migration may rewrite a large table: no statement timeout for it (server/db/client.ts).
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query('SELECT pg_advisory_xact_lock(724311)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
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
    return applied;
  });
}

/**
 * The migrations of this build not applied to `db` yet (empty: ready).
 * Throws when the database does not answer.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const files = await migrationFiles();
  const exists = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!exists.rows[0]?.present) return files;
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
  );
  return files.filter((name) => !done.has(name));
}
