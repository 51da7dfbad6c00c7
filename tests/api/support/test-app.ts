/**
 * An API app in-process on a fresh in-memory PGlite (or on TEST_DATABASE_URL
 * when CI provides a real PostgreSQL), migrated and ready for `app.request()`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../../server/app.ts';
import { configFromEnv, type Config } from '../../../server/config.ts';
import { openDb, type Db } from '../../../server/db/client.ts';
import { migrate } from '../../../server/db/migrate.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roamly-api-'));
  const config: Config = {
    ...configFromEnv({}),
    dataDir,
    jwtSecret: 'test-secret-for-api-tests-only-0123456789',
    ...overrides,
  };
  const db = await openDb({ databaseUrl: null, dataDir: null });
  await migrate(db);
  const app = createApp({ db, config });
  return { app, db, config, close: () => db.close() };
}
