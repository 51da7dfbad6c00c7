/**
 * Server configuration from the environment (contract §2). Read once at start;
 * tests build a Config directly. A bad value throws a ConfigError whose message
 * names the variable, which start-up prints as its one line (contract §3).
 */
import { isDevelopmentCheckout } from './runtime/checkout.ts';
import { resolve } from 'node:path';
import { parseS3Url } from './services/media/s3-url.ts';

/** A configuration the server cannot run with; the message names the variable. */
export class ConfigError extends Error {}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  supportEmail: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  seedDemo: boolean;
  jwtSecret: string | null;
  production: boolean;
  chaos: string | null;
  googlePlacesKey: string | null;
  /**
   * GEOCODER_URL (+ GEOCODER_KIND, GEOCODER_TIMEOUT_MS): an OpenStreetMap geocoder with
   * Photon's API for place search, in front of the built-in gazetteer (which answers
   * whenever it does not in time). Absent or null: the gazetteer alone.
   */
  geocoder?: GeocoderConfig | null;
  /** Trust X-Forwarded-For / X-Forwarded-Proto (set when behind a proxy). */
  trustProxy: boolean;
  /**
   * How many proxies in front of us append to X-Forwarded-For (TRUST_PROXY=N;
   * `1` means one). The client is the entry that many hops from the right.
   */
  trustProxyHops: number;
  /** The origin the site is reached at; absolute URLs are built from it, never from `Host`. */
  publicUrl: string;
  /** Sender of every mail. */
  mailFrom: string;
  /** `MAIL=log`: in production, print mail to the log on purpose (no SMTP). */
  mailLogOnly: boolean;
  /** `s3://KEY:SECRET@host:port/bucket?region=…` (path-style) for images, or null. */
  mediaS3Url: string | null;
  logLevel: string;
  /** METRICS_PORT: Prometheus metrics on METRICS_HOST:METRICS_PORT/metrics, or null (off). */
  metricsPort: number | null;
  /**
   * METRICS_HOST: the metrics listener's address, loopback unless set. Not
   * HOST: a container listens on every interface for its public port, and
   * metrics (routes, error counts, pool sizes) must be opened on purpose.
   */
  metricsHost: string;
  /** ERROR_WEBHOOK_URL: unexpected errors are also POSTed there as JSON. */
  errorWebhookUrl: string | null;
  /** PUSH_ALLOW_LOCAL=1: push endpoints may also be `http://127.0.0.1` (tests; refused in production). */
  pushAllowLocal?: boolean;
  /**
   * FOLLOWER_PUSH_RATE: followers' push messages a second one process sends at
   * most, yielding to its requests (services/followers/deliveries.ts); 0 sends
   * as fast as the host goes. Unset: the deliveries' default.
   */
  followerPushRate?: number;
}

export interface GeocoderConfig {
  kind: 'photon';
  url: string;
  timeoutMs: number;
}

/** The geocoder named by GEOCODER_URL, or null; a URL or kind it cannot use is a ConfigError. */
function geocoderFrom(env: NodeJS.ProcessEnv): GeocoderConfig | null {
  if (!env.GEOCODER_URL) return null;
  let url: URL;
  try {
    url = new URL(env.GEOCODER_URL);
  } catch {
    throw new ConfigError('GEOCODER_URL must be an http:// or https:// URL, e.g. http://127.0.0.1:2322');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError('GEOCODER_URL must be an http:// or https:// URL, e.g. http://127.0.0.1:2322');
  const kind = (env.GEOCODER_KIND || 'photon').toLowerCase();
  if (kind !== 'photon') throw new ConfigError('GEOCODER_KIND must be "photon" (the only kind supported)');
  return { kind, url: url.href, timeoutMs: intFrom(env.GEOCODER_TIMEOUT_MS, 2500, 'GEOCODER_TIMEOUT_MS', 30_000) };
}

function intFrom(value: string | undefined, fallback: number, name: string, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(parsed) || parsed <= 0 || parsed > max) {
    throw new ConfigError(
      max < Number.MAX_SAFE_INTEGER
        ? `${name} must be an integer from 1 to ${max}, got "${value}"`
        : `${name} must be a positive integer, got "${value}"`,
    );
  }
  return parsed;
}

function databaseUrlFrom(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below, without echoing the value: it may hold a password
  }
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname) {
    throw new ConfigError('DATABASE_URL must look like postgres://USER:PASSWORD@HOST:5432/DATABASE');
  }
  return value;
}

function mediaS3UrlFrom(value: string | undefined): string | null {
  if (!value) return null;
  try {
    parseS3Url(value);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : 'MEDIA_S3_URL is not valid');
  }
  return value;
}

function publicUrlFrom(value: string | undefined, host: string, port: number): string {
  if (!value) return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL, got "${value}"`);
  }
  return url.origin;
}

/**
 * NODE_ENV when set; otherwise development in a checkout of the sources and
 * production in a release tree (runtime/checkout.ts).
 */
export function runMode(env: NodeJS.ProcessEnv, developmentCheckout: () => boolean = isDevelopmentCheckout): string {
  return env.NODE_ENV || (developmentCheckout() ? 'development' : 'production');
}

/** Production refuses what is only safe on a developer's machine. */
function checkProduction(env: NodeJS.ProcessEnv, mode: string): void {
  if (mode !== 'production') return;
  // The operator may not know a release tree runs as production when NODE_ENV is unset: say so.
  const told = Boolean(env.NODE_ENV);
  if (!env.PUBLIC_URL) {
    throw new ConfigError(
      (told ? 'NODE_ENV=production needs' : 'This release build runs as production (NODE_ENV is unset) and needs') +
        ' PUBLIC_URL, the origin the site is reached at (e.g. https://roamly.example.com)' +
        (told ? '' : '; set NODE_ENV=development to try it on this machine'),
    );
  }
  if (env.SEED_DEMO === '1') {
    throw new ConfigError(
      (told
        ? 'SEED_DEMO=1 is refused with NODE_ENV=production'
        : 'SEED_DEMO=1 is refused in a release build, which runs as production (NODE_ENV is unset)') +
        ': it creates accounts with known passwords',
    );
  }
  if (env.PUSH_ALLOW_LOCAL === '1') {
    throw new ConfigError(
      (told
        ? 'PUSH_ALLOW_LOCAL=1 is refused with NODE_ENV=production'
        : 'PUSH_ALLOW_LOCAL=1 is refused in a release build, which runs as production (NODE_ENV is unset)') +
        ': it lets anyone make the server send requests to this machine',
    );
  }
}

export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  developmentCheckout: () => boolean = isDevelopmentCheckout,
): Config {
  const mode = runMode(env, developmentCheckout);
  checkProduction(env, mode);
  // The test suite's setting hashes passwords at test cost (services/passwords.ts): only a checkout runs tests.
  if (env.NODE_ENV === 'test' && !developmentCheckout()) {
    throw new ConfigError(
      "NODE_ENV=test is refused in a release build: it is the test suite's setting, and it hashes passwords at test cost",
    );
  }
  const port = intFrom(env.PORT, 8080, 'PORT', 65_535);
  const metricsPort = env.METRICS_PORT ? intFrom(env.METRICS_PORT, 0, 'METRICS_PORT', 65_535) : null;
  if (metricsPort === port)
    throw new ConfigError(`METRICS_PORT must differ from PORT (${port}): metrics never go on the public port`);
  const host = env.HOST || '127.0.0.1';
  const publicUrl = publicUrlFrom(env.PUBLIC_URL, host, port);
  const trustProxyHops = env.TRUST_PROXY ? intFrom(env.TRUST_PROXY, 1, 'TRUST_PROXY') : 0;
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: databaseUrlFrom(env.DATABASE_URL),
    smtpUrl: env.SMTP_URL || null,
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    accessTokenTtl: intFrom(env.ACCESS_TOKEN_TTL, 900, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtl: intFrom(env.REFRESH_TOKEN_TTL, 2592000, 'REFRESH_TOKEN_TTL'),
    seedDemo: env.SEED_DEMO === '1',
    jwtSecret: env.JWT_SECRET || null,
    production: mode === 'production',
    chaos: env.CHAOS || null,
    googlePlacesKey: env.GOOGLE_PLACES_KEY || null,
    geocoder: geocoderFrom(env),
    trustProxy: trustProxyHops > 0,
    trustProxyHops,
    publicUrl,
    mailFrom: env.MAIL_FROM || `no-reply@${new URL(publicUrl).hostname}`,
    mailLogOnly: env.MAIL === 'log',
    mediaS3Url: mediaS3UrlFrom(env.MEDIA_S3_URL),
    logLevel: env.LOG_LEVEL || 'info',
    metricsPort,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    errorWebhookUrl: env.ERROR_WEBHOOK_URL || null,
    pushAllowLocal: env.PUSH_ALLOW_LOCAL === '1',
    ...(env.FOLLOWER_PUSH_RATE === '0'
      ? { followerPushRate: 0 }
      : env.FOLLOWER_PUSH_RATE
        ? { followerPushRate: intFrom(env.FOLLOWER_PUSH_RATE, 0, 'FOLLOWER_PUSH_RATE', 100_000) }
        : {}),
  };
}
