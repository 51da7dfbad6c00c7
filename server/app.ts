/**
 * The API as a plain Hono app, built from its dependencies so tests run it
 * in-process (`app.request()`) against a fresh PGlite, with no socket.
 * Everything that is "the world" (clock, randomness, mail, image storage,
 * places) is injectable; defaults come from the configuration.
 */
import { Hono } from 'hono';
import type { Config } from './config.ts';
import { API_PREFIX } from '../src/shared/contract/api-routes.ts';
import type { ApiEnv, Clock, Services } from './context.ts';
import type { Db } from './db/client.ts';
import { requestScoped } from './db/request-transaction.ts';
import { accountGoneError, readBearer } from './http/auth.ts';
import { chaosLatency, ChaosDropError, parseChaos } from './http/chaos.ts';
import { clientGoneReason } from './http/client-gone.ts';
import { clientIp } from './http/client-ip.ts';
import { databaseUnavailableError, isDatabaseUnavailable } from './http/database-unavailable.ts';
import { domainErrorAnswer } from './http/domain-errors.ts';
import { ApiError, problemBody } from './http/problem.ts';
import { requestLog } from './http/request-log.ts';
import { requestMetrics } from './http/request-metrics.ts';
import { requestsInFlight } from './http/requests-in-flight.ts';
import { provideGuards, routeGuards } from './http/route-guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { accountRoutes } from './routes/account.ts';
import { passwordRecoveryRoutes } from './routes/password-recovery.ts';
import { authRoutes } from './routes/auth.ts';
import { devRoutes } from './routes/dev.ts';
import { eventRoutes } from './routes/events.ts';
import { followRoutes } from './routes/follows.ts';
import { insightsRoutes } from './routes/insights.ts';
import { eventLinkRoutes } from './routes/event-links.ts';
import { venueApprovalRoutes } from './routes/venue-approval.ts';
import { issueRoutes } from './routes/issues.ts';
import { embedPageRoutes } from './routes/embed-pages.ts';
import { listingPageRoutes } from './routes/listing-pages.ts';
import { mediaRoutes } from './routes/media.ts';
import { oembedRoutes } from './routes/oembed.ts';
import { operationRoutes } from './routes/operations.ts';
import { matchingBusinessRoutes, placesRoutes } from './routes/places.ts';
import { profileRoutes } from './routes/profile.ts';
import { teamRoutes } from './routes/team.ts';
import { accessTokens } from './services/access-tokens.ts';
import { insightsCounter, type InsightsCounter } from './services/insights-counter.ts';
import { errorReporter, type ErrorReporter } from './services/error-reporter.ts';
import { followerDeliveries, type FollowerDeliveries } from './services/followers/deliveries.ts';
import { vapidKeys } from './services/followers/vapid-keys.ts';
import { type ImageStore } from './services/image-store.ts';
import { createLogger, type Logger } from './services/logger.ts';
import { imageStoreFor } from './services/media/select.ts';
import { defaultMediaServing, type MediaServing } from './services/media/serving-limits.ts';
import { mailerFor, type Mailer } from './services/mail.ts';
import { mailQueue, type MailQueue } from './services/mail-queue.ts';
import { gazetteer } from './services/places/gazetteer.ts';
import { googlePlaces } from './services/places/google-places.ts';
import { geocoderWithFallback } from './services/places/geocoder-fallback.ts';
import { photon } from './services/places/photon.ts';
import { withVenues } from './services/places/venue-places.ts';
import type { PlacesProvider } from './services/places/provider.ts';
import { startImageSweep } from './services/image-ledger.ts';
import { defaultRateLimits, type RateLimitPolicy } from './services/rate-limit.ts';
import { loadJwtSecretSync, type SigningKeys } from './services/secrets.ts';
import { LiveSessions } from './services/live-sessions.ts';
import { defaultWritePolicy, type WritePolicy } from './services/write-policy.ts';

export type { Clock } from './context.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  clock?: Clock;
  random?: () => number;
  /** How mail leaves (SMTP or the log); the mail queue's worker uses it. */
  mailer?: Mailer;
  /** A mail queue made by the caller (server/index.ts, to stop it on shutdown); else one is made here. */
  mailQueue?: MailQueue;
  /** Where console mail is printed (default console.log); tests pass a quiet one. */
  mailLog?: (line: string) => void;
  images?: ImageStore;
  places?: PlacesProvider;
  limits?: RateLimitPolicy;
  /** The database key ring (server/index.ts without JWT_SECRET); else config.jwtSecret signs. */
  signingKeys?: SigningKeys;
  /** Request and error log (default: JSON on stdout at LOG_LEVEL). */
  logger?: Logger;
  /** Where unexpected errors go (default: the log, plus ERROR_WEBHOOK_URL when set). */
  reportError?: ErrorReporter;
  writePolicy?: Partial<WritePolicy>;
  /** Bounds on sending originals (default: services/media/serving-limits.ts); tests tighten them. */
  mediaServing?: Partial<MediaServing>;
  /** Module scripts of the public listing pages, from the build (see server/pages/page-scripts.ts). */
  listingPageScripts?: readonly string[];
  /** Listing insights, counted in memory and flushed (server/index.ts stops it on shutdown); else one is made here. */
  insights?: InsightsCounter;
  /** Followers' notifications (server/index.ts stops them on shutdown); else made here. */
  followerDeliveries?: FollowerDeliveries;
}

const systemClock: Clock = { now: () => Date.now() };

function buildServices(deps: AppDeps, logger: Logger): Services {
  const { config } = deps;
  // Every query goes through a wrapper that can run a request in one transaction (idempotency).
  const db = requestScoped(deps.db);
  const fullConfig = { ...config, jwtSecret: loadJwtSecretSync(config.jwtSecret, config.dataDir) };
  const clock = deps.clock ?? systemClock;
  const mail =
    deps.mailQueue ??
    mailQueue({
      db: deps.db,
      transport: deps.mailer ?? mailerFor(config, { ...(deps.mailLog ? { log: deps.mailLog } : {}) }),
      now: () => clock.now(),
      logger,
    });
  return {
    db,
    config: fullConfig,
    clock,
    random: deps.random ?? Math.random,
    mail,
    images: deps.images ?? imageStoreFor(config, db),
    places: deps.places ?? placesProvider(config, db),
    limits: deps.limits ?? defaultRateLimits,
    writePolicy: { ...defaultWritePolicy, ...deps.writePolicy },
    tokens: accessTokens(deps.signingKeys ?? fullConfig.jwtSecret, config.accessTokenTtl),
  };
}

/**
 * Place search: a Google Places key wins, then an OpenStreetMap geocoder (with the
 * gazetteer answering when it does not), else the gazetteer; venues by name in front of each.
 */
function placesProvider(config: Config, db: Db): PlacesProvider {
  const builtIn = gazetteer(db);
  const provider = config.googlePlacesKey
    ? { ...googlePlaces(config.googlePlacesKey), nearby: builtIn.nearby! }
    : config.geocoder
      ? geocoderWithFallback(photon({ url: config.geocoder.url, timeoutMs: config.geocoder.timeoutMs }), builtIn)
      : builtIn;
  return withVenues(db, provider);
}

export function createApp(deps: AppDeps): Hono<ApiEnv> {
  const logger = deps.logger ?? createLogger(deps.config.logLevel);
  const services = buildServices(deps, logger);
  const { config } = services;
  const reportError = deps.reportError ?? errorReporter(logger, config.errorWebhookUrl);
  startImageSweep(services.db, services.images);
  const insights = deps.insights ?? insightsCounter({ db: deps.db, now: () => services.clock.now(), logger });
  const keys = vapidKeys(deps.db);
  // Followers' notices (queued by migration 036's trigger) go out from this worker's poll, within
  // 2 s; server/index.ts passes its own, to stop it on shutdown.
  if (!deps.followerDeliveries) {
    followerDeliveries({
      db: deps.db,
      mail: services.mail,
      keys,
      publicUrl: config.publicUrl,
      mailFrom: config.mailFrom,
      allowLocal: config.pushAllowLocal === true,
      ...(config.followerPushRate === undefined ? {} : { pushRate: config.followerPushRate }),
      now: () => services.clock.now(),
      logger,
    });
  }
  const app = new Hono<ApiEnv>();
  // First: the followers' fan-out lets the requests counted here go first (services/api-activity.ts).
  app.use('*', requestsInFlight());
  app.use('*', requestMetrics());
  app.use('*', requestLog(logger));
  app.use('*', securityHeaders({ trustProxy: config.trustProxy, publicUrl: config.publicUrl }));

  // Every API request: who and where from, then what its route declares (http/route.ts).
  const api = new Hono<ApiEnv>();
  const chaosSettings = parseChaos(config.chaos);
  if (chaosSettings) api.use('*', chaosLatency(chaosSettings));
  api.use('*', clientIp({ trustProxy: config.trustProxy, hops: config.trustProxyHops }));
  const live = new LiveSessions();
  api.use('*', readBearer(services, live));
  api.use('*', provideGuards(routeGuards(services, { live, chaos: chaosSettings })));
  // Mail a request queued goes out once its transaction (the idempotency guard's, inside) has committed.
  api.use('*', async (_c, next) => {
    try {
      await next();
    } finally {
      services.mail.kick();
    }
  });

  // Each router registers its paths from src/shared/contract/api-routes.ts.
  api.route(
    '/',
    operationRoutes(services, () => app),
  );
  api.route('/', profileRoutes(services));
  api.route('/', teamRoutes(services));
  api.route('/', authRoutes(services));
  api.route('/', accountRoutes(services));
  api.route('/', passwordRecoveryRoutes(services));
  api.route('/', issueRoutes(services));
  api.route('/', matchingBusinessRoutes(services));
  api.route('/', insightsRoutes(services, insights));
  api.route('/', eventLinkRoutes(services));
  api.route('/', venueApprovalRoutes(services));
  api.route('/', eventRoutes(services));
  api.route('/', followRoutes(services, keys));
  api.route('/', placesRoutes(services));
  api.route('/', mediaRoutes(services, { ...defaultMediaServing, ...deps.mediaServing }));
  api.route('/', oembedRoutes(services));
  if (!config.smtpUrl && !config.production) api.route('/', devRoutes(services));
  api.all('*', (c) => c.json(problemBody(`No API endpoint at ${c.req.method} ${c.req.path}.`), 404));

  app.route(API_PREFIX, api);
  app.route('/', listingPageRoutes(services, { scripts: deps.listingPageScripts ?? [], insights }));
  app.route('/', embedPageRoutes(services));
  app.onError((error, c) => {
    if (error instanceof ChaosDropError) throw error;
    const known = error instanceof ApiError ? error : (domainErrorAnswer(error) ?? accountGoneError(error));
    if (known) return c.json(problemBody(known.detail, known.errors), known.status, known.headers);
    // First: a client that hung up mid-body also shows as a connection reset, which the
    // database check would read as the database going away.
    const gone = clientGoneReason(error, c);
    if (gone) {
      // Nobody is there to read the answer; the log line says why (./http/client-gone.ts).
      logger.warn(
        { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, reason: gone },
        'request aborted',
      );
      return c.json(problemBody('The request body did not arrive in full.'), 400);
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the request log shows the 503; one warning line says why.
      logger.warn({ reqId: c.get('requestId'), err: { message: error.message } }, 'database unavailable');
      const unavailable = databaseUnavailableError();
      return c.json(problemBody(unavailable.detail), 503, unavailable.headers);
    }
    reportError(error, { requestId: c.get('requestId'), method: c.req.method, path: c.req.path });
    return c.json(problemBody('Something went wrong on our side. Please try again.'), 500);
  });
  return app;
}
