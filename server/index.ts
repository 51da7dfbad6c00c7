/**
 * `npm start` lands here: open the database, apply migrations, seed the demo
 * accounts when SEED_DEMO=1, then serve the built PWA and the API on one port
 * (CONTRACTS §1–2).
 *
 * With PostgreSQL the API runs one process per core (node:cluster; WORKERS
 * overrides the count): the processes share nothing but the database, which
 * holds every piece of state. PGlite is an in-process database, so with it
 * the server is a single process.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { gazetteer } from './services/places/gazetteer.ts';
import { configFromEnv, type Config } from './config.ts';
import { openDb, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { staticSite } from './http/static-site.ts';
import { readPageScripts } from './pages/page-scripts.ts';
import { seedDemo } from './services/demo-seed.ts';
import { startHousekeeping } from './services/housekeeping.ts';
import { loadJwtSecret } from './services/secrets.ts';

const config = configFromEnv();

function workerCount(): number {
  if (!config.databaseUrl) return 1;
  const requested = Number(process.env.WORKERS);
  return Number.isInteger(requested) && requested > 0 ? requested : availableParallelism();
}

async function prepare(db: Db): Promise<void> {
  const applied = await migrate(db);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  if (config.seedDemo) {
    const created = await seedDemo(db);
    if (created.length) console.log(`Demo accounts created: ${created.join(', ')}`);
  }
}

function serveApp(db: Db, appConfig: Config, announce: boolean) {
  // The built-in place search reads ~150k cities (~0.5 s, ~100 MB): done once
  // the server listens, so the first dashboard search is not the one that waits.
  const places = appConfig.googlePlacesKey ? null : gazetteer();
  const distDir = process.env.ROAMLY_DIST
    ? resolve(process.env.ROAMLY_DIST)
    : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const listingPageScripts = readPageScripts(distDir, 'listing.html');
  const app = createApp({ db, config: appConfig, listingPageScripts, ...(places ? { places } : {}) });
  app.get('*', staticSite(distDir));
  // Requests still running (a client may hang up while its login hashes);
  // shutdown waits for them before closing the database.
  let inFlight = 0;
  const fetch = async (request: Request, env: Parameters<typeof app.fetch>[1]) => {
    inFlight++;
    try {
      return await app.fetch(request, env);
    } finally {
      inFlight--;
    }
  };
  const server = serve({ fetch, port: appConfig.port, hostname: appConfig.host }, (info) => {
    if (announce) console.log(`Roamly is ready at http://${appConfig.host}:${info.port}/ (database: ${db.engine})`);
    if (places) setTimeout(() => void places.warm().catch(() => undefined), 1000).unref();
  });
  // Long keep-alive so load balancers and benchmarks reuse connections.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 65_000;
  // Finish the requests in flight, then close the database; give up after 5 s.
  const shutdown = () => {
    server.close();
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    const deadline = Date.now() + 5000;
    const timer = setInterval(() => {
      if (inFlight > 0 && Date.now() < deadline) return;
      clearInterval(timer);
      void db.close().finally(() => process.exit(0));
    }, 20);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
const appConfig: Config = { ...config, jwtSecret };
const workers = workerCount();

if (workers === 1) {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepare(db);
  startHousekeeping(db);
  serveApp(db, appConfig, true);
} else if (cluster.isPrimary) {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max: 2 });
  await prepare(db);
  startHousekeeping(db);
  let ready = 0;
  cluster.on('listening', () => {
    ready += 1;
    if (ready === workers) {
      console.log(
        `Roamly is ready at http://${config.host}:${config.port}/ (database: ${db.engine}, ${workers} processes)`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (signal !== 'SIGTERM' && signal !== 'SIGINT' && code !== 0) {
      console.error(`API process ${worker.process.pid} exited (${signal ?? code}); starting another.`);
      cluster.fork();
    }
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  const stop = () => {
    const running = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    const exited = running.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of running) worker.kill('SIGTERM');
    void Promise.all(exited)
      .then(() => db.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max: 8 });
  serveApp(db, appConfig, false);
}
