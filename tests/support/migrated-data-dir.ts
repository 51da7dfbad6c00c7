/**
 * Migrated databases for tests, made once per content of the migrations.
 *
 * - `migrationsKey()` names the migrations' contents and the PGlite version
 *   (whose data format a template is stored in): a changed migration makes a
 *   new template, an unchanged one is reused across runs.
 * - `migratedDataDir()` is a new DATA_DIR whose embedded database is already
 *   migrated, for tests that start the server as a process. With an empty
 *   DATA_DIR the process runs initdb and every migration first: about 5 of
 *   the 7 CPU-seconds of a start on a 2-core host, dozens of times a run.
 *   Copying the migrated directory costs a few tens of milliseconds. Tests of
 *   a first start itself keep an empty DATA_DIR.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../server/db/client.ts';
import { migrate, migrationFiles } from '../../server/db/migrate.ts';

const root = join(import.meta.dirname, '..', '..');
const migrationsDir = join(root, 'server', 'db', 'migrations');
export const templatesDir = join(root, '.tmp', 'test-templates');

export async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  for (const name of await migrationFiles()) hash.update(name).update(readFileSync(join(migrationsDir, name)));
  return hash.digest('hex').slice(0, 16);
}

/** A DATA_DIR holding only a migrated, cleanly closed PGlite; made under another name and renamed when whole. */
async function dataDirTemplate(): Promise<string> {
  const template = join(templatesDir, `data-dir-${await migrationsKey()}`);
  if (existsSync(template)) return template;
  mkdirSync(templatesDir, { recursive: true });
  const building = mkdtempSync(join(templatesDir, 'building-data-dir-'));
  try {
    const db = await openPglite(building);
    await migrate(db);
    await db.close();
    renameSync(building, template);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(template)) throw error; // else another process made it first
  }
  return template;
}

/** A new directory (under the system's temporary folder) to use as DATA_DIR, its database migrated. */
export async function migratedDataDir(prefix = 'roamly-proc-'): Promise<string> {
  const template = await dataDirTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}
