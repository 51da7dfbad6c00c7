/**
 * Server configuration from the environment (CONTRACTS §2). Read once at start;
 * tests build a Config directly.
 */
import { resolve } from 'node:path';

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
  /** Trust X-Forwarded-For / X-Forwarded-Proto (set when behind a proxy). */
  trustProxy: boolean;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    accessTokenTtl: intFrom(env.ACCESS_TOKEN_TTL, 900, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtl: intFrom(env.REFRESH_TOKEN_TTL, 2592000, 'REFRESH_TOKEN_TTL'),
    seedDemo: env.SEED_DEMO === '1',
    jwtSecret: env.JWT_SECRET || null,
    production: env.NODE_ENV === 'production',
    chaos: env.CHAOS || null,
    googlePlacesKey: env.GOOGLE_PLACES_KEY || null,
    trustProxy: env.TRUST_PROXY === '1',
  };
}
