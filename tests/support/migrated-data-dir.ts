/**
 * Migrated databases for tests, made once per content of the migrations.
 *
 * - `migrationsKey()` names the migrations' and function files' contents and the PGlite version
 *   (whose data format a template is stored in): a changed migration makes a
 *   new template, an unchanged one is reused across runs.
 * - `migratedDataDir()` is a new DATA_DIR as a server's first start leaves it
 *   (migrated, the gazetteer loaded), for tests that start the server as a
 *   process. With an empty DATA_DIR the process runs initdb and every
 *   migration first (about 5 CPU-seconds on a 2-core host), and with a
 *   migrated one it still loads the 140,000 places of the gazetteer (2–3 CPU-s
 *   more); dozens of processes start in a run. Copying the directory costs a
 *   few tens of milliseconds. Tests of a first start itself keep an empty
 *   DATA_DIR. `migratedDataDir(prefix, 'migrated')` leaves the gazetteer out.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../../server/db/client.ts';
import { functionFiles, migrate, migrationFiles } from '../../server/db/migrate.ts';
import { ensureGazetteerLoaded, gazetteerSource } from '../../server/services/places/gazetteer-load.ts';

const root = join(import.meta.dirname, '..', '..');
const migrationsDir = join(root, 'server', 'db', 'migrations');
export const templatesDir = join(root, '.tmp', 'test-templates');

export async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  for (const name of await migrationFiles()) hash.update(name).update(readFileSync(join(migrationsDir, name)));
  for (const file of await functionFiles()) hash.update(file.name).update(file.hash);
  return hash.digest('hex').slice(0, 16);
}

/** What a template's database holds: the migrations, or also the gazetteer a started server loads. */
export type DataDirState = 'migrated' | 'as-started';

/** Names the gazetteer's data and the code that loads it: a change makes a new as-started template. */
function gazetteerKey(): string {
  const hash = createHash('sha256').update(gazetteerSource());
  const sources = [
    'server/services/places/gazetteer-load.ts',
    'server/services/places/cities-file.ts',
    'server/services/places/place-names.ts',
    'server/db/queries/places.ts',
  ];
  for (const file of sources) hash.update(readFileSync(join(root, file)));
  return hash.digest('hex').slice(0, 16);
}

/** Each state's template, looked up (and made if missing) once per process: a run starts dozens of servers. */
const templates = new Map<DataDirState, Promise<string>>();

function dataDirTemplate(state: DataDirState): Promise<string> {
  let template = templates.get(state);
  if (!template) {
    template = makeDataDirTemplate(state);
    templates.set(state, template);
    template.catch(() => templates.delete(state)); // a failed attempt is not remembered
  }
  return template;
}

/** A DATA_DIR holding only a cleanly closed PGlite in `state`; made under another name and renamed when whole. */
async function makeDataDirTemplate(state: DataDirState): Promise<string> {
  const key = await migrationsKey();
  const template = join(
    templatesDir,
    state === 'migrated' ? `data-dir-${key}` : `data-dir-started-${key}-${gazetteerKey()}`,
  );
  if (existsSync(template)) return template;
  mkdirSync(templatesDir, { recursive: true });
  const building = mkdtempSync(join(templatesDir, 'building-data-dir-'));
  try {
    if (state === 'migrated') {
      const db = await openPglite(building);
      await migrate(db);
      await db.close();
    } else {
      cpSync(await dataDirTemplate('migrated'), building, { recursive: true });
      const db = await openPglite(building);
      await ensureGazetteerLoaded(db);
      await db.close();
    }
    renameSync(building, template);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(template)) throw error; // else another process made it first
  }
  return template;
}

/** Copies a database in `state` into `dataDir` (an empty directory). */
export async function fillDataDir(dataDir: string, state: DataDirState = 'as-started'): Promise<void> {
  cpSync(await dataDirTemplate(state), dataDir, { recursive: true });
}

/** A new directory (under the system's temporary folder) to use as DATA_DIR, its database in `state`. */
export async function migratedDataDir(prefix = 'roamly-proc-', state: DataDirState = 'as-started'): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  await fillDataDir(dataDir, state);
  return dataDir;
}
