/**
 * One PostgreSQL dialect, two engines: PGlite (embedded, files in DATA_DIR)
 * by default, a real server through `pg` when DATABASE_URL is set. The rest of
 * the server sees only this small interface.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction; rolls back if it throws. */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
}

export async function openPglite(dataDir: string | null): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  let pg;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    pg = await PGlite.create(dir);
  } else {
    pg = await PGlite.create(); // in memory, for tests
  }
  const db: Db = {
    engine: 'pglite',
    query: async <T>(sql: string, params: unknown[] = []) => {
      const result = await pg.query<T>(sql, params);
      return { rows: result.rows };
    },
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params: unknown[] = []) => ({ rows: (await tx.query<T>(sql, params)).rows }),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    close: () => pg.close(),
  };
  return db;
}

/** Options for a PostgreSQL pool. */
export interface PostgresOptions {
  /** Connections per process (default 10). */
  max?: number;
  /** A schema to put first on the search path (tests isolate themselves this way). */
  searchPath?: string;
}

// Parameterised queries become named prepared statements (name = hash of the
// SQL), so each pooled connection parses and plans a hot query once.
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = 's' + createHash('sha1').update(sql).digest('hex').slice(0, 20);
    statementNames.set(sql, name);
  }
  return name;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath},public` } : {}),
  });
  // An idle connection that dies (server restart) must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error', error.message));
  return {
    engine: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => {
      const result = params.length
        ? await pool.query({ name: statementName(sql), text: sql, values: params })
        : await pool.query(sql);
      return { rows: result.rows as T[] };
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string, params: unknown[] = []) => ({
            rows: (params.length
              ? await client.query({ name: statementName(sql), text: sql, values: params })
              : await client.query(sql)
            ).rows as T[],
          }),
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDb(options: { databaseUrl: string | null; dataDir: string | null } & PostgresOptions): Promise<Db> {
  const { databaseUrl, dataDir, ...pgOptions } = options;
  return databaseUrl ? openPostgres(databaseUrl, pgOptions) : openPglite(dataDir);
}
