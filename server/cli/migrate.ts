/**
 * `npm run migrate`: applies pending migrations to DATABASE_URL (or the
 * PGlite files in DATA_DIR) and exits — for a deploy step that migrates once
 * before new instances start. Starting the server migrates too; the advisory
 * lock in migrate() makes both safe to run at once.
 */
import '../runtime/require-supported-node.ts';
import { configOrExit } from '../runtime/config-or-exit.ts';
import { openDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../services/logger.ts';
import { ensureServerSecrets } from '../services/secrets.ts';

const config = configOrExit();
const logger = createLogger(config.logLevel);
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max: 1 });
try {
  const applied = await migrate(db);
  if (!config.jwtSecret) await ensureServerSecrets(db);
  logger.info(
    { migrations: applied, database: db.engine },
    applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.',
  );
} catch (error) {
  logger.fatal({ err: error }, 'Migration failed');
  process.exitCode = 1;
} finally {
  await db.close();
}
