/**
 * `npm run keys:rotate`: a new token signing key in the database. New access
 * tokens use it within 30 s on every instance; tokens signed by the previous
 * key keep verifying until they expire; keys retired longer ago than that are
 * deleted. Has no effect on tokens while JWT_SECRET is set (that key signs).
 */
import '../runtime/require-supported-node.ts';
import { configOrExit } from '../runtime/config-or-exit.ts';
import { openDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../services/logger.ts';
import { ensureServerSecrets, rotateSigningKeys } from '../services/secrets.ts';

const config = configOrExit();
const logger = createLogger(config.logLevel);
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max: 1 });
try {
  await migrate(db);
  await ensureServerSecrets(db);
  const rotation = await rotateSigningKeys(db, config.accessTokenTtl);
  logger.info(
    rotation,
    `New signing key ${rotation.kid}; retired ${rotation.retired.length}, deleted ${rotation.deleted.length}.`,
  );
  if (config.jwtSecret) logger.warn('JWT_SECRET is set, so instances sign with it and ignore the database keys.');
} catch (error) {
  logger.fatal({ err: error }, 'Key rotation failed');
  process.exitCode = 1;
} finally {
  await db.close();
}
