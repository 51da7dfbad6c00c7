/**
 * Vitest global setup for the server projects: migrates a database once per
 * run, so each test file copies a ready one instead of migrating its own
 * (`freshDb` in test-app.ts). Migrating cost 1.4–2.2 s per PGlite, dozens of
 * times a run; loading the dump costs a fraction of that.
 *
 * - PGlite: a dump of a migrated data directory, in .tmp/ under a name made
 *   from the migrations' contents (a changed migration makes a new one).
 * - PostgreSQL (TEST_DATABASE_URL): a template database of the same name;
 *   `CREATE DATABASE … TEMPLATE` copies it in milliseconds.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../../server/db/client.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { migratedDataDir, migrationsKey, templatesDir } from '../../support/migrated-data-dir.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data directory (a file path). */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server to copy; '' without one. */
    postgresTemplate: string;
    /** How this run names the databases it makes on that server (dropped when the run ends). */
    lentDatabasePrefix: string;
  }
}

async function pgliteTemplate(key: string): Promise<string> {
  const file = join(templatesDir, `pglite-${key}.tar`);
  if (existsSync(file)) return file;
  // A copy of the migrated data directory server processes start from, dumped.
  // Without the gazetteer: every in-memory copy loads the whole dump, and two files search places.
  const dataDir = await migratedDataDir('roamly-dump-', 'migrated');
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create(join(dataDir, 'pglite'));
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file); // whole or absent, for a run that starts meanwhile
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return file;
}

async function postgresTemplate(url: string, key: string): Promise<string> {
  const name = `roamly_template_${key}`;
  const admin = await openPostgres(url, { max: 1 });
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rows.length > 0) return name;
    // Built under another name and renamed when whole: a run killed mid-way leaves no half template.
    const building = `roamly_building_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const db = await openPostgres(target.toString(), { max: 1 });
    await migrate(db);
    await db.close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch {
      await admin.query(`DROP DATABASE IF EXISTS ${building}`); // another run made it first
    }
    return name;
  } finally {
    await admin.close();
  }
}

/** Drops the databases named `prefix…` on the server at `url` (what a run's lenders kept). */
async function dropDatabases(url: string, prefix: string): Promise<void> {
  const admin = await openPostgres(url, { max: 1 });
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE ${datname} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const key = await migrationsKey();
  const url = process.env.TEST_DATABASE_URL;
  // At once: PGlite migrates on this process's core, PostgreSQL on its own server's.
  const [pglite, postgres] = await Promise.all([pgliteTemplate(key), url ? postgresTemplate(url, key) : '']);
  project.provide('pgliteTemplate', pglite);
  project.provide('postgresTemplate', postgres);
  // Lent databases outlive the files that used them; this run's go when it ends.
  const prefix = `test_${randomBytes(4).toString('hex')}_`;
  project.provide('lentDatabasePrefix', prefix);
  if (url) return () => dropDatabases(url, prefix);
}
