/**
 * `npm start` lands here: open the database, apply migrations, seed the demo
 * accounts when SEED_DEMO=1, then serve the built PWA and the API on one port
 * (CONTRACTS §1–2). Runs as TypeScript through tsx in development and as
 * plain JavaScript from dist-server/ in production (`npm run build`).
 *
 * Instances are stateless: signing keys (unless JWT_SECRET is set), images
 * (PostgreSQL or S3 unless on PGlite), rate limits, idempotency keys and
 * refresh tokens all live in the shared stores, so any number of these
 * processes, on any number of machines, behave as one behind a load balancer.
 *
 * With PostgreSQL one instance runs several API processes (node:cluster):
 * WORKERS, default min(cores, 4). The cap bounds memory (each process holds
 * its own caches, pool and place index) and database connections (8 per
 * process); past ~4 processes on one box the database, not Node, is the
 * limit — run more instances instead. PGlite is an in-process database, so
 * with it the server is a single process.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp, type AppDeps } from './app.ts';
import { configFromEnv, type Config } from './config.ts';
import { openDb, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { requestTimeouts } from './http/request-timeouts.ts';
import { staticSite } from './http/static-site.ts';
import { readPageScripts } from './pages/page-scripts.ts';
import { seedDemo } from './services/demo-seed.ts';
import { errorReporter } from './services/error-reporter.ts';
import { ensureGazetteerLoaded } from './services/places/gazetteer-load.ts';
import { assertMailTransport } from './services/mail.ts';
import { startHousekeeping } from './services/housekeeping.ts';
import { createLogger } from './services/logger.ts';
import { mediaStoreKind } from './services/media/select.ts';
import { databaseSigningKeys, ensureServerSecrets, type SigningKeys } from './services/secrets.ts';

const config = configFromEnv();
const logger = createLogger(config.logLevel);
const reportError = errorReporter(logger, config.errorWebhookUrl);
// dist-server/server/index.js when built, server/index.ts from source: the
// repository (or image) root is two or one folders up.
const root = fileURLToPath(new URL(import.meta.url.endsWith('.js') ? '../../' : '../', import.meta.url));
const MAX_DEFAULT_WORKERS = 4;
try {
  assertMailTransport(config);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

function workerCount(): number {
  if (!config.databaseUrl) return 1;
  const requested = Number(process.env.WORKERS);
  return Number.isInteger(requested) && requested > 0
    ? requested
    : Math.min(availableParallelism(), MAX_DEFAULT_WORKERS);
}

async function prepare(db: Db): Promise<void> {
  const applied = await migrate(db);
  if (applied.length) logger.info({ migrations: applied }, `Applied migrations: ${applied.join(', ')}`);
  if (!config.jwtSecret) await ensureServerSecrets(db);
  // The built-in place search lives in the database; loaded once (~5 s), shared by every process.
  if (!config.googlePlacesKey) {
    const places = await ensureGazetteerLoaded(db);
    if (places) logger.info({ places }, `Loaded ${places} places into the gazetteer table`);
  }
  if (config.seedDemo) {
    const created = await seedDemo(db);
    if (created.length) logger.info({ accounts: created }, `Demo accounts created: ${created.join(', ')}`);
  }
}

/** JWT_SECRET when set; otherwise the database's key ring and code-hashing secret. */
async function secretsFor(db: Db): Promise<{ jwtSecret: string; signingKeys?: SigningKeys }> {
  if (config.jwtSecret) return { jwtSecret: config.jwtSecret };
  return { jwtSecret: await ensureServerSecrets(db), signingKeys: databaseSigningKeys(db) };
}

async function serveApp(db: Db, announce: boolean) {
  const { jwtSecret, signingKeys } = await secretsFor(db);
  const appConfig: Config = { ...config, jwtSecret };
  const distDir = resolve(root, process.env.ROAMLY_DIST ?? 'dist');
  const deps: AppDeps = {
    db,
    listingPageScripts: readPageScripts(distDir, 'listing.html'),
    config: appConfig,
    logger,
    reportError,
    mailLog: (line) => logger.info({ mail: line }, 'mail'),
    ...(signingKeys ? { signingKeys } : {}),
  };
  const app = createApp(deps);
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
  const server = serve(
    { fetch, port: appConfig.port, hostname: appConfig.host, serverOptions: requestTimeouts() },
    (info) => {
      if (announce) {
        logger.info(
          { database: db.engine, media: mediaStoreKind(config, db), port: info.port },
          `Roamly is ready at http://${appConfig.host}:${info.port}/ (database: ${db.engine})`,
        );
      }
    },
  );
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

const workers = workerCount();

if (workers === 1) {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepare(db);
  startHousekeeping(db);
  await serveApp(db, true);
} else if (cluster.isPrimary) {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max: 2 });
  await prepare(db);
  startHousekeeping(db);
  let ready = 0;
  cluster.on('listening', () => {
    ready += 1;
    if (ready === workers) {
      logger.info(
        { database: db.engine, media: mediaStoreKind(config, db), processes: workers },
        `Roamly is ready at http://${config.host}:${config.port}/ (database: ${db.engine}, ${workers} processes)`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (signal !== 'SIGTERM' && signal !== 'SIGINT' && code !== 0) {
      logger.error({ worker: worker.process.pid, code, signal }, 'API process exited; starting another.');
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
  await serveApp(db, false);
}
