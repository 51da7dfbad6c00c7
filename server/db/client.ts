/**
 * One PostgreSQL dialect, two engines: PGlite (embedded, files in DATA_DIR)
 * by default, a real server through `pg` when DATABASE_URL is set. The rest of
 * the server sees only this small interface.
 */
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

export async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    engine: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => {
      const result = await pool.query(sql, params);
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
            rows: (await client.query(sql, params)).rows as T[],
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

export function openDb(options: { databaseUrl: string | null; dataDir: string | null }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
