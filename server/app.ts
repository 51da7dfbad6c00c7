/**
 * The API as a plain Hono app, built from its dependencies so tests run it
 * in-process (`app.request()`) against a fresh PGlite, with no socket.
 * Everything that is "the world" (clock, randomness, mail, image storage,
 * places) is injectable; defaults come from the configuration.
 */
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Config } from './config.ts';
import type { ApiEnv, Clock, Services } from './context.ts';
import type { Db } from './db/client.ts';
import { readBearer } from './http/auth.ts';
import { bodyLimits } from './http/body-limits.ts';
import { chaos, ChaosDropError, parseChaos } from './http/chaos.ts';
import { clientIp } from './http/client-ip.ts';
import { ApiError, problemBody } from './http/problem.ts';
import { securityHeaders } from './http/security-headers.ts';
import { authRoutes } from './routes/auth.ts';
import { devRoutes } from './routes/dev.ts';
import { eventRoutes } from './routes/events.ts';
import { issueRoutes } from './routes/issues.ts';
import { listingPageRoutes } from './routes/listing-pages.ts';
import { mediaRoutes } from './routes/media.ts';
import { matchingBusinessRoutes, placesRoutes } from './routes/places.ts';
import { profileRoutes } from './routes/profile.ts';
import { accessTokens } from './services/access-tokens.ts';
import { idempotency } from './services/idempotency.ts';
import { localImageStore, type ImageStore } from './services/image-store.ts';
import { consoleMailer, lazySmtpMailer, type Mailer } from './services/mail.ts';
import { gazetteer } from './services/places/gazetteer.ts';
import { googlePlaces } from './services/places/google-places.ts';
import type { PlacesProvider } from './services/places/provider.ts';
import { defaultRateLimits, type RateLimitPolicy } from './services/rate-limit.ts';
import { loadJwtSecretSync } from './services/secrets.ts';

export type { Clock } from './context.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  clock?: Clock;
  random?: () => number;
  mailer?: Mailer;
  /** Where console mail is printed (default console.log); tests pass a quiet one. */
  mailLog?: (line: string) => void;
  images?: ImageStore;
  places?: PlacesProvider;
  limits?: RateLimitPolicy;
  /** Module scripts of the public listing pages, from the build (see server/pages/page-scripts.ts). */
  listingPageScripts?: readonly string[];
}

const systemClock: Clock = { now: () => Date.now() };

function buildServices(deps: AppDeps): Services {
  const { db, config } = deps;
  const fullConfig = { ...config, jwtSecret: loadJwtSecretSync(config.jwtSecret, config.dataDir) };
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? lazySmtpMailer(config.smtpUrl)
      : consoleMailer({ db, keepInMailbox: !config.production, ...(deps.mailLog ? { log: deps.mailLog } : {}) }));
  return {
    db,
    config: fullConfig,
    clock: deps.clock ?? systemClock,
    random: deps.random ?? Math.random,
    mailer,
    images: deps.images ?? localImageStore(join(config.dataDir, 'uploads')),
    places: deps.places ?? (config.googlePlacesKey ? googlePlaces(config.googlePlacesKey) : gazetteer()),
    limits: deps.limits ?? defaultRateLimits,
    tokens: accessTokens(fullConfig.jwtSecret, config.accessTokenTtl),
  };
}

export function createApp(deps: AppDeps): Hono<ApiEnv> {
  const services = buildServices(deps);
  const { config } = services;
  const app = new Hono<ApiEnv>();
  app.use('*', securityHeaders({ trustProxy: config.trustProxy }));

  const api = new Hono<ApiEnv>();
  const chaosSettings = parseChaos(config.chaos);
  if (chaosSettings) api.use('*', chaos(chaosSettings, services.random));
  api.use('*', clientIp({ trustProxy: config.trustProxy }));
  api.use('*', bodyLimits());
  api.use('*', readBearer(services));
  api.use('*', idempotency(services));

  api.get('/health', async (c) => {
    await services.db.query('SELECT 1');
    return c.json({ status: 'ok', database: services.db.engine });
  });
  api.route('/auth', profileRoutes(services));
  api.route('/auth', authRoutes(services));
  api.route('/auth', issueRoutes(services));
  api.route('/events/events', matchingBusinessRoutes(services));
  api.route('/events', eventRoutes(services));
  api.route('/media_feed', placesRoutes(services));
  api.route('/media', mediaRoutes(services));
  if (!config.smtpUrl && !config.production) api.route('/dev', devRoutes(services));
  api.all('*', (c) => c.json(problemBody(`No API endpoint at ${c.req.method} ${c.req.path}.`), 404));

  app.route('/api', api);
  app.route('/', listingPageRoutes(services, { scripts: deps.listingPageScripts ?? [] }));
  app.onError((error, c) => {
    if (error instanceof ChaosDropError) throw error;
    if (error instanceof ApiError) {
      return c.json(problemBody(error.detail, error.errors), error.status, error.headers);
    }
    console.error('Unhandled API error', error);
    return c.json(problemBody('Something went wrong on our side. Please try again.'), 500);
  });
  return app;
}
