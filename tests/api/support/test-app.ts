/**
 * An API app in-process on a fresh in-memory PGlite, or — in the
 * `api-postgres` Vitest project, which exists when CI provides a real
 * PostgreSQL in TEST_DATABASE_URL — in a fresh database on that server (one
 * per test file, so parallel files never see each other's rows).
 * Migrated and ready for `app.request()`, with a hand-driven clock.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type AppDeps } from '../../../server/app.ts';
import { configFromEnv, type Config } from '../../../server/config.ts';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../../server/db/client.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { lendPglite, lendPostgres, migratedOnly, type Contents, type PostgresServer } from './database-lender.ts';
import { ensureGazetteerLoaded } from '../../../server/services/places/gazetteer-load.ts';
import { silentLogger } from '../../../server/services/logger.ts';
import type { RateLimitPolicy } from '../../../server/services/rate-limit.ts';
import type { WritePolicy } from '../../../server/services/write-policy.ts';

export interface ManualClock {
  now(): number;
  advance(ms: number): void;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  config: Config;
  clock: ManualClock;
  /** Mail printed to the "console" (kept out of the test output). */
  mailLog: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  limits?: RateLimitPolicy;
  writePolicy?: Partial<WritePolicy>;
  random?: () => number;
  /** Run on this database instead of a new one (two instances, one database). */
  db?: Db;
  /** What the new database holds beyond the migrations (withGazetteer); not with `db`. */
  contents?: Contents;
  clock?: ManualClock;
  /** Anything else createApp takes (an image store, a key ring, a logger…). */
  deps?: Partial<AppDeps>;
}

export function manualClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)): ManualClock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** True in the `api-postgres` Vitest project (CI sets TEST_DATABASE_URL). */
export function usesPostgres(): boolean {
  return process.env.ROAMLY_TEST_ENGINE === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on
 * TEST_DATABASE_URL's server. Both are copies of the run's migrated template
 * (migrated-templates.ts, the projects' global setup); without one (a config
 * that does not set it up) each is migrated here. `contents` adds what the
 * file needs beyond the migrations (withGazetteer).
 */
export async function freshDb(contents: Contents = migratedOnly): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = usesPostgres() ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    const template = inject('pgliteTemplate');
    const start = async () => {
      const db = await openPglite(null, template ? new Blob([readFileSync(template)]) : undefined);
      if (!template) await migrate(db);
      return db;
    };
    if (process.env.ROAMLY_TEST_LEND_DATABASES === '1') return lendPglite(start, contents);
    const db = await start();
    await contents.fill(db);
    return { db, drop: () => db.close() };
  }
  const template = inject('postgresTemplate');
  const server = postgresServer(url, template, inject('lentDatabasePrefix'));
  if (process.env.ROAMLY_TEST_LEND_DATABASES === '1') return lendPostgres(server, contents);
  const name = await server.create();
  const db = await server.open(name);
  await contents.fill(db);
  return {
    db,
    async drop() {
      await db.close();
      await server.drop(name);
    },
  };
}

/** Databases on TEST_DATABASE_URL's server, copies of `template` (migrated here without one), named `prefix…`. */
export function postgresServer(url: string, template: string, prefix: string): PostgresServer {
  const asAdmin = async (sql: string) => {
    const admin = await openPostgres(url, { max: 1 });
    try {
      await admin.query(sql);
    } finally {
      await admin.close();
    }
  };
  // DROP … WITH (FORCE) ends connections a test left checked out: expected then, not news.
  const dropping = new Set<string>();
  const open = (name: string) => {
    const own = new URL(url);
    own.pathname = `/${name}`;
    return openPostgres(own.toString(), {
      max: 5,
      onPoolError: (error) => {
        if (!dropping.has(name)) console.error('PostgreSQL pool error', error);
      },
    });
  };
  return {
    async create() {
      const name = `${prefix}${randomBytes(6).toString('hex')}`;
      await asAdmin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
      if (!template) {
        const db = await open(name);
        await migrate(db).finally(() => db.close());
      }
      return name;
    },
    open,
    async drop(name) {
      dropping.add(name);
      await asAdmin(`DROP DATABASE ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The gazetteer's 140,000 places, as every started server has them (server start loads
 * them after the migrations): loaded once per lent database, which keeps them.
 */
export const withGazetteer: Contents = {
  name: 'gazetteer',
  keptTables: ['places', 'places_source'],
  fill: ensureGazetteerLoaded,
};

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roamly-api-'));
  const config: Config = {
    ...configFromEnv({}),
    dataDir,
    jwtSecret: 'test-secret-for-api-tests-only-0123456789',
    ...opts.config,
  };
  const owned = opts.db ? null : await freshDb(opts.contents);
  const db = opts.db ?? owned!.db;
  const clock = opts.clock ?? manualClock();
  const mailLog: string[] = [];
  const deps: AppDeps = {
    db,
    config,
    clock,
    mailLog: (line) => void mailLog.push(line),
    logger: silentLogger,
    ...opts.deps,
  };
  if (opts.limits) deps.limits = opts.limits;
  if (opts.writePolicy) deps.writePolicy = opts.writePolicy;
  if (opts.random) deps.random = opts.random;
  const app = createApp(deps);
  return { app, db, config, clock, mailLog, close: () => (owned ? owned.drop() : Promise.resolve()) };
}
