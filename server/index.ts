/**
 * `npm start` lands here: open the database, apply migrations, seed the demo
 * accounts when SEED_DEMO=1, then serve the built PWA and the API on one port
 * (contract §1–2). Runs as TypeScript through tsx in development and as
 * plain JavaScript from dist-server/ in production (`npm run build`).
 *
 * Instances are stateless: signing keys (unless JWT_SECRET is set), images
 * (PostgreSQL or S3 unless on PGlite), rate limits, idempotency keys and
 * refresh tokens all live in the shared stores, so any number of these
 * processes, on any number of machines, behave as one behind a load balancer.
 *
 * With PostgreSQL one instance runs several API processes (node:cluster):
 * WORKERS, default min(cores, 4) (runtime/default-workers.ts). The cap bounds memory (each process holds
 * its own caches, pool and place index) and database connections (8 per
 * process); past ~4 processes on one box the database, not Node, is the
 * limit — run more instances instead. PGlite is an in-process database, so
 * with it the server is a single process.
 */
import './runtime/require-supported-node.ts';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp, type AppDeps } from './app.ts';
import type { Config } from './config.ts';
import { openDb, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ping } from './db/queries/health.ts';
import { isDatabaseUnavailable } from './http/database-unavailable.ts';
import { defaultWorkers } from './runtime/default-workers.ts';
import { startMetricsServer } from './http/metrics-server.ts';
import { requestTimeouts } from './http/request-timeouts.ts';
import { staticSite } from './http/static-site.ts';
import { exportPoolMetrics } from './services/db-pool-metrics.ts';
import { exportMailQueueMetrics } from './services/mail-queue-metrics.ts';
import { answerClusterScrapes, collectProcessMetrics } from './services/metrics.ts';
import { readPageScripts } from './pages/page-scripts.ts';
import { configOrExit } from './runtime/config-or-exit.ts';
import { drainThenExit, SHUTDOWN_LIMIT_MS } from './runtime/shutdown.ts';
import { warnAboutUnreachableServices } from './runtime/reachability.ts';
import { EXIT_CONFIG, EXIT_UNAVAILABLE, refuseToStart } from './runtime/start-failure.ts';
import { seedDemo } from './services/demo-seed.ts';
import { backfillTimeZones } from './services/events/backfill-time-zones.ts';
import { claimLegacyPublicNames } from './services/public-names.ts';
import { startScheduledPublishing } from './services/events/scheduled-publishing.ts';
import { mediaBase } from './http/urls.ts';
import { errorReporter } from './services/error-reporter.ts';
import { ensureGazetteerLoaded } from './services/places/gazetteer-load.ts';
import { assertMailTransport, mailerFor } from './services/mail.ts';
import { mailQueue } from './services/mail-queue.ts';
import { followerDeliveries } from './services/followers/deliveries.ts';
import { vapidKeys } from './services/followers/vapid-keys.ts';
import { startHousekeeping } from './services/housekeeping.ts';
import { insightsCounter } from './services/insights-counter.ts';
import { createLogger, type Logger } from './services/logger.ts';
import { mediaStoreKind } from './services/media/select.ts';
import { databaseSigningKeys, ensureServerSecrets, type SigningKeys } from './services/secrets.ts';

/** The configuration and logger, or one line and exit 78 (contract §3). */
function configure(): { config: Config; logger: Logger } {
  try {
    const config = configOrExit();
    assertMailTransport(config);
    return { config, logger: createLogger(config.logLevel) };
  } catch (error) {
    return refuseToStart(error instanceof Error ? error.message : String(error), EXIT_CONFIG);
  }
}

const { config, logger } = configure();
const reportError = errorReporter(logger, config.errorWebhookUrl);
// server/index.ts from source, dist-server/index.js when built: the
// repository (or image) root is one folder up either way.
const root = fileURLToPath(new URL('../', import.meta.url));
/** Start-up's first question to the database must be answered by then, or start-up fails (contract §3: 30 s). */
const DATABASE_PROBE_MS = 10_000;
/** After the cluster was ready, more API process crashes than this within a minute stop the instance. */
const MAX_RESTARTS_PER_MINUTE = 5;
const onPoolError = (error: Error) =>
  logger.error({ err: { message: error.message, code: (error as { code?: string }).code } }, 'PostgreSQL pool error');

function workerCount(): number {
  if (!config.databaseUrl) return 1;
  const requested = Number(process.env.WORKERS);
  return Number.isInteger(requested) && requested > 0 ? requested : defaultWorkers(availableParallelism());
}

/** Where the database is, for messages: host and port only (the URL may hold a password). */
function databaseWhere(): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432} (DATABASE_URL)`;
}

/** Opens the database handle (no query yet); a release without PGlite and no DATABASE_URL is one line and exit 78. */
async function openOrRefuse(options: Omit<Parameters<typeof openDb>[0], 'databaseUrl' | 'dataDir'>): Promise<Db> {
  try {
    return await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onPoolError, ...options });
  } catch (error) {
    return refuseToStart(error instanceof Error ? error.message : String(error), EXIT_CONFIG);
  }
}

function openPool(max?: number): Promise<Db> {
  return openOrRefuse(max ? { max } : {});
}

/** The database answers a trivial query within DATABASE_PROBE_MS, or one line and exit. */
async function reach(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_PROBE_MS / 1000} s`)), DATABASE_PROBE_MS);
  });
  try {
    await Promise.race([ping(db), silence]);
  } catch (error) {
    refuseToStart(
      `cannot reach ${databaseWhere()}: ${error instanceof Error ? error.message : String(error)}`,
      EXIT_UNAVAILABLE,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Migrations, secrets, the gazetteer and the demo seed. */
async function prepare(db: Db): Promise<void> {
  try {
    const applied = await migrate(db);
    if (applied.length) logger.info({ migrations: applied }, `Applied migrations: ${applied.join(', ')}`);
    if (!config.jwtSecret) await ensureServerSecrets(db);
    const zoned = await backfillTimeZones(db);
    if (zoned) logger.info({ events: zoned }, `Gave ${zoned} events the time zone of their place`);
    const named = await claimLegacyPublicNames(db, Date.now());
    if (named) logger.info({ accounts: named }, `Gave ${named} accounts their public names`);
    // The built-in place search lives in the database; loaded once (~5 s), shared by every process.
    if (!config.googlePlacesKey) {
      const places = await ensureGazetteerLoaded(db);
      if (places) logger.info({ places }, `Loaded ${places} places into the gazetteer table`);
    }
    if (config.seedDemo) {
      const created = await seedDemo(db);
      if (created.length) logger.info({ accounts: created }, `Demo accounts created: ${created.join(', ')}`);
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      refuseToStart(`lost ${databaseWhere()} while preparing it: ${(error as Error).message}`, EXIT_UNAVAILABLE);
    }
    logger.fatal({ err: error }, 'Start-up failed');
    logger.flush(() => process.exit(1));
    await new Promise(() => undefined);
  }
}

/**
 * The database, reached and prepared, with a pool of `max` for serving. On
 * PostgreSQL the preparation runs on a connection of its own without the
 * client-side query timeout (a migration may take long); PGlite is this
 * process, so it is one handle for both.
 */
async function preparedDb(max?: number): Promise<Db> {
  if (!config.databaseUrl) {
    const db = await openPool();
    await reach(db);
    await prepare(db);
    return db;
  }
  const setup = await openOrRefuse({ max: 1, timeouts: { queryMs: 0 } });
  await reach(setup);
  await prepare(setup);
  await setup.close();
  return openPool(max);
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
  // Made here, not in createApp, so shutdown can let the mail being sent finish first.
  const mail = mailQueue({
    db,
    transport: mailerFor(appConfig, { log: (line) => logger.info({ mail: line }, 'mail') }),
    now: () => Date.now(),
    logger,
  });
  // Made here too, so shutdown flushes the counts of the last seconds before closing the database.
  const insights = insightsCounter({ db, now: () => Date.now(), logger });
  // Drafts scheduled with publish_at go public on time with nobody online; stopped before the database closes.
  const stopPublishing = startScheduledPublishing(db, {
    publicUrl: appConfig.publicUrl,
    mediaBase: mediaBase(appConfig),
    now: () => Date.now(),
    onError: (error) =>
      logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'Scheduled publishing could not look for due drafts; retrying every 5 s',
      ),
    onPublished: (count) => logger.info({ events: count }, `Published ${count} scheduled events`),
  });
  // And so that shutdown lets the notification being sent finish.
  const deliveries = followerDeliveries({
    db,
    mail,
    keys: vapidKeys(db),
    publicUrl: appConfig.publicUrl,
    mailFrom: appConfig.mailFrom,
    allowLocal: appConfig.pushAllowLocal === true,
    ...(appConfig.followerPushRate === undefined ? {} : { pushRate: appConfig.followerPushRate }),
    now: () => Date.now(),
    logger,
  });
  const deps: AppDeps = {
    db,
    mailQueue: mail,
    insights,
    followerDeliveries: deliveries,
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
        void warnAboutUnreachableServices(config, logger);
      }
    },
  );
  server.on('error', (error: NodeJS.ErrnoException) => {
    const where = `${appConfig.host}:${appConfig.port}`;
    if (error.code === 'EADDRINUSE') refuseToStart(`port ${where} is already in use (PORT, HOST)`, EXIT_CONFIG);
    if (error.code === 'EACCES') refuseToStart(`no permission to listen on ${where} (PORT, HOST)`, EXIT_CONFIG);
    if (error.code === 'EADDRNOTAVAIL')
      refuseToStart(`${appConfig.host} is not an address of this machine (HOST)`, EXIT_CONFIG);
    refuseToStart(`cannot listen on ${where}: ${error.message}`, 1);
  });
  // Long keep-alive so load balancers and benchmarks reuse connections.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 65_000;
  // Finish the requests in flight, then flush the insights counted since the last flush and
  // the mail being sent (bounded by what is left of the limit), then close the database.
  stopOnSignal = () =>
    drainThenExit({
      server,
      inFlight: () => inFlight,
      close: async () => {
        const left = Math.max(0, SHUTDOWN_LIMIT_MS - 1000);
        await Promise.race([
          Promise.all([insights.stop(), stopPublishing(), deliveries.stop().then(() => mail.stop())]),
          new Promise((done) => setTimeout(done, left)),
        ]);
        await db.close();
      },
      logger,
      limitMs: SHUTDOWN_LIMIT_MS,
    });
}

/**
 * Runs `stop` on the first SIGINT or SIGTERM and ignores the ones after it. An API process
 * can hear SIGTERM twice — from its process group (npm, a terminal) and from the cluster's
 * primary — and with a one-shot listener the second would end it mid-drain by Node's
 * default action, cutting the requests the first one was letting finish.
 */
function onceOnStopSignal(stop: () => void): void {
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

const workers = workerCount();

/**
 * What a stop signal does in an API process. Until it serves (opening the database,
 * reading the keys) it has no request to let finish, so it ends at once with 0:
 * a stop that lands while one process of a cluster is still starting cut nothing,
 * and the primary must not say it did. serveApp replaces it with the drain.
 */
let stopOnSignal: () => void = () => process.exit(0);
if (!cluster.isPrimary || workers === 1) onceOnStopSignal(() => stopOnSignal());

/** METRICS_PORT: the API process itself when it is alone, else the cluster's primary (it sums the processes). */
function serveMetrics(clustered: boolean): void {
  if (!config.metricsPort) return;
  const where = `${config.metricsHost}:${config.metricsPort}`;
  startMetricsServer({
    host: config.metricsHost,
    port: config.metricsPort,
    cluster: clustered,
    onError: (error) =>
      refuseToStart(
        error.code === 'EADDRINUSE'
          ? `port ${where} is already in use (METRICS_PORT)`
          : `cannot serve metrics on ${where} (METRICS_PORT): ${error.message}`,
        EXIT_CONFIG,
      ),
  });
}
if (config.metricsPort && !cluster.isPrimary) {
  collectProcessMetrics();
  answerClusterScrapes();
}

if (workers === 1) {
  const db = await preparedDb();
  if (config.metricsPort) collectProcessMetrics();
  exportPoolMetrics(db);
  if (config.metricsPort) exportMailQueueMetrics(db);
  serveMetrics(false);
  startHousekeeping(db);
  await serveApp(db, true);
} else if (cluster.isPrimary) {
  const db = await preparedDb(2);
  startHousekeeping(db);
  let ready = 0;
  let stopping = false;
  const restarts: number[] = [];
  cluster.on('listening', () => {
    ready += 1;
    if (ready === workers) {
      logger.info(
        { database: db.engine, media: mediaStoreKind(config, db), processes: workers },
        `Roamly is ready at http://${config.host}:${config.port}/ (database: ${db.engine}, ${workers} processes)`,
      );
      void warnAboutUnreachableServices(config, logger);
    }
  });
  const stopAll = (code: number) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    void db.close().finally(() => process.exit(code));
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping || signal === 'SIGTERM' || signal === 'SIGINT' || code === 0) return;
    // A process that could not start (its one line is already out) will not start
    // on a second try either: stop, rather than re-fork forever.
    if (code === EXIT_CONFIG || code === EXIT_UNAVAILABLE || ready < workers) return stopAll(code || 1);
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      logger.fatal({ restarts: restarts.length }, 'API processes keep crashing; stopping the instance.');
      return stopAll(1);
    }
    logger.error({ worker: worker.process.pid, code, signal }, 'API process exited; starting another.');
    cluster.fork();
  });
  serveMetrics(true);
  for (let i = 0; i < workers; i++) cluster.fork();
  const stop = () => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    const exited = running.map(
      (worker) => new Promise<number>((resolve) => worker.once('exit', (code: number | null) => resolve(code ?? 1))),
    );
    for (const worker of running) worker.kill('SIGTERM');
    void Promise.all(exited).then(async (codes) => {
      await db.close().catch(() => undefined);
      const cut = codes.some((code) => code !== 0);
      const line = { processes: running.length, cut, limitMs: SHUTDOWN_LIMIT_MS };
      if (cut) logger.warn(line, 'Stopped: requests were cut at the shutdown limit');
      else logger.info(line, 'Stopped: every request finished');
      logger.flush(() => process.exit(cut ? 1 : 0));
    });
  };
  onceOnStopSignal(stop);
} else {
  const db = await openPool(8);
  exportPoolMetrics(db);
  if (config.metricsPort) exportMailQueueMetrics(db);
  await serveApp(db, false);
}
