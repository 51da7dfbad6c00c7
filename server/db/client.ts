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

/** A Queryable inside a transaction. */
export interface TransactionQueryable extends Queryable {
  /**
   * Runs `work` as the transaction commits, after `fn` has returned: on
   * PostgreSQL its statements go out together with the COMMIT, one round trip
   * for both. If one of them fails, the transaction rolls back and the
   * transaction call throws that failure. `work` makes one statement (more
   * would be sent after the COMMIT: they are refused).
   */
  atCommit(work: (tx: Queryable) => Promise<unknown>): void;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction; rolls back if it throws. */
  transaction<R>(fn: (tx: TransactionQueryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
  /** Connections in use, idle and requests waiting for one (metrics); PGlite has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/**
 * PGlite in `dataDir`, or in memory when it is null. `from` starts the in-memory
 * database as a copy of a dumped data directory (`dumpDataDir`): tests load one
 * migrated copy instead of running initdb and every migration per test file.
 */
export async function openPglite(dataDir: string | null, from?: Blob): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite').catch((error: unknown) => {
    // A release made with --without-pglite (scripts/release.mjs) is for PostgreSQL only.
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      throw new Error('This release has no embedded database (--without-pglite): set DATABASE_URL.');
    }
    throw error;
  });
  let pg;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    pg = await PGlite.create(dir);
  } else {
    pg = await PGlite.create(from ? { loadDataDir: from } : {}); // in memory, for tests
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
      pg.transaction(async (tx) => {
        const atCommit: ((tx: Queryable) => Promise<unknown>)[] = [];
        const queryable: Queryable = {
          query: async <T>(sql: string, params: unknown[] = []) => ({ rows: (await tx.query<T>(sql, params)).rows }),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        };
        const result = await fn({ ...queryable, atCommit: (work) => void atCommit.push(work) });
        for (const work of atCommit) await work(queryable);
        return result;
      }),
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
  /** Where pool errors go (a connection that died while idle); default: a JSON line on stderr. */
  onPoolError?: (error: Error) => void;
  /** Overrides of DATABASE_TIMEOUTS (tests). */
  timeouts?: Partial<DatabaseTimeouts>;
}

/**
 * Bounds on every wait for PostgreSQL, so that a database that is down, slow or
 * answers nothing turns into an error a request can answer 503 with (contract
 * §3 "Failing well", docs/contract.md) instead of a hang. `connect` also bounds the wait for a
 * free pool slot; `statement` is the server-side statement_timeout (migrations
 * lift it for their own transaction), and `query` the client-side limit for a
 * server that stopped answering on an open connection.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  queryMs: number;
  idleInTransactionMs: number;
}

export const DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  queryMs: 20_000,
  idleInTransactionMs: 30_000,
};

/** One JSON line, as the logger would write it, for a process that has no logger. */
function logPoolError(error: Error): void {
  process.stderr.write(
    `${JSON.stringify({ level: 50, time: new Date().toISOString(), pid: process.pid, err: { message: error.message, code: (error as { code?: string }).code }, msg: 'PostgreSQL pool error' })}\n`,
  );
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

/** The socket under a `pg` client: corked, its writes go out as one. */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * The client's socket, reached through node-postgres internals (`connection.stream`,
 * not public API; docs/decisions/014-libraries-over-home-grown.md says why it stays).
 * Null if a pg release moves it: transactions then work as before, one write per
 * message, and tests/api/request-transaction.test.ts, which counts the writes, fails.
 */
function socketOf(client: object): Corkable | null {
  const stream = (client as { connection?: { stream?: Partial<Corkable> } }).connection?.stream;
  return typeof stream?.cork === 'function' && typeof stream.uncork === 'function' ? (stream as Corkable) : null;
}

/** Runs `write` with the socket corked, so every message it queues leaves in one system call. */
function corked<R>(stream: Corkable | null, write: () => R): R {
  if (!stream) return write();
  stream.cork();
  try {
    return write();
  } finally {
    stream.uncork();
  }
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const { default: pg } = await import('pg');
  const timeouts = { ...DATABASE_TIMEOUTS, ...options.timeouts };
  const pool = new pg.Pool({
    connectionString: url,
    pipeline: true, // see transaction()
    max: options.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    keepAlive: true,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath},public` } : {}),
  });
  // An idle connection that dies (server restart) must not crash the process.
  pool.on('error', options.onPoolError ?? logPoolError);
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
      // A connection that dies while checked out emits 'error' on the client;
      // unheard, that would end the process. Its statements fail anyway, and
      // the client is dropped from the pool when released with the error.
      let broken: Error | undefined;
      const onError = (error: Error) => void (broken ??= error);
      client.on('error', onError);
      // Pipelined: BEGIN goes out in one write with the transaction's first
      // statement, and the COMMIT with the statements of `atCommit`: two round
      // trips and two socket writes fewer per transaction (on a loopback or LAN
      // connection each write is a system call that also wakes the backend, the
      // larger part of a short transaction's CPU). Each statement still has its
      // own Sync, so a failure is that statement's, and it aborts the
      // transaction as usual. A transaction that makes no statement sends nothing.
      const stream = socketOf(client);
      let begun: Promise<unknown> | null = null;
      // Statements made before the current run of promise callbacks ends leave in
      // one write: a request's write count and its update, made one after the
      // other without waiting, wake the backend once, not twice. The socket is
      // corked at the first and uncorked on the next tick, which Node runs only
      // once the microtasks queued now have run.
      let holding = false;
      const hold = () => {
        if (!stream || holding) return;
        holding = true;
        stream.cork();
        process.nextTick(() => {
          holding = false;
          stream.uncork();
        });
      };
      const send = (sql: string, params: unknown[]) => {
        hold();
        return params.length
          ? client.query({ name: statementName(sql), text: sql, values: params })
          : client.query(sql);
      };
      const query = async <T>(sql: string, params: unknown[] = []) => {
        let sent: ReturnType<typeof send>;
        if (begun) sent = send(sql, params);
        else {
          hold();
          begun = client.query('BEGIN');
          sent = send(sql, params);
          begun.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled
        }
        // A statement's answer counts only inside the transaction; awaiting both
        // together also handles the statement's failure when BEGIN's comes first.
        const [, result] = await Promise.all([begun, sent]);
        return { rows: result.rows as T[] };
      };
      const exec = async (sql: string) => {
        await query(sql);
      };
      const atCommit: ((tx: Queryable) => Promise<unknown>)[] = [];
      let committing = false;
      let issued = 0;
      const final: Queryable = {
        query: <T>(sql: string, params: unknown[] = []) => {
          if (committing) return Promise.reject(new Error('An atCommit work may make one statement only.'));
          issued++;
          return query<T>(sql, params);
        },
        exec,
      };
      try {
        const result = await fn({ query, exec, atCommit: (work) => void atCommit.push(work) });
        if (!begun && atCommit.length === 0) return result; // nothing was sent: nothing to commit
        if (begun) await begun;
        // Each work's statement goes out before the COMMIT, in the same socket
        // write; a failed one turns the COMMIT into a rollback.
        const commit = () => {
          committing = true;
          return client.query('COMMIT');
        };
        const [finals, sentAlong] = corked(stream, () => {
          const made = atCommit.map((work) => work(final));
          return [made, issued === atCommit.length ? commit() : null] as const;
        });
        let committed = sentAlong;
        if (!committed) {
          // A work failed (or waits) before sending its statement: the COMMIT must wait for it.
          const early = (await Promise.allSettled(finals)).find((outcome) => outcome.status === 'rejected');
          if (early) throw early.reason;
          committed = commit();
        }
        const settled = await Promise.allSettled(finals);
        const status = await committed;
        const failed = settled.find((outcome) => outcome.status === 'rejected');
        if (failed) throw failed.reason;
        if (status.command !== 'COMMIT') throw new Error(`The transaction did not commit (${status.command}).`);
        return result;
      } catch (error) {
        if (begun && !broken) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function openDb(options: { databaseUrl: string | null; dataDir: string | null } & PostgresOptions): Promise<Db> {
  const { databaseUrl, dataDir, ...pgOptions } = options;
  return databaseUrl ? openPostgres(databaseUrl, pgOptions) : openPglite(dataDir);
}
