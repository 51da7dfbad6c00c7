/**
 * `npm start` lands here: open the database, apply migrations, then serve the
 * built PWA and the API on one port (CONTRACTS §1–2).
 */
import { serve } from '@hono/node-server';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { staticSite } from './http/static-site.ts';

const config = configFromEnv();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(db);
if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);

const app = createApp({ db, config });
const distDir = process.env.ROAMLY_DIST
  ? resolve(process.env.ROAMLY_DIST)
  : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
app.get('*', staticSite(distDir));

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Roamly is ready at http://${config.host}:${info.port}/ (database: ${db.engine})`);
});

function shutdown() {
  server.close();
  void db.close().finally(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
