/**
 * One database transaction per request, on demand. `requestScoped(root)`
 * returns a Db that behaves like `root` until `runInRequestTransaction` opens
 * a transaction for the current request: from then on, every query made
 * through it *in that request's async context* (AsyncLocalStorage) runs in
 * that transaction, so a handler's writes and what the idempotency layer
 * stores about them commit together or not at all.
 *
 * Inside the request transaction:
 * - statements run as they are, without a savepoint each: on a server with
 *   expensive round trips (every statement is a write and a read on a socket)
 *   three round trips per statement tripled the cost of a write. So, as in
 *   any PostgreSQL transaction, a statement that fails aborts the request —
 *   code that means to catch a failing statement and go on (the unique
 *   violation of a second business listing) wraps it in `transaction(fn)`,
 *   which nests as a SAVEPOINT;
 * - `autonomous` statements (rate-limit counts) run in the transaction too —
 *   PGlite has one connection, and a second pool connection per request could
 *   exhaust a PostgreSQL pool — and are replayed on the root database when
 *   the request rolls back, so a failed request still counts.
 * Statements run in the order they are made. On PostgreSQL each goes out as
 * it is made, without waiting for the answer to the one before (the
 * connection is pipelined, and the server runs a connection's statements in
 * the order they arrive): a handler that makes a statement and, before
 * awaiting it, the next, pays one round trip for both — the write count and
 * the update of an event (services/events/event-writes.ts). PGlite runs one
 * statement at a time, so there each waits for the one before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable, QueryResult, TransactionQueryable } from './client.ts';

interface RequestTransaction {
  tx: TransactionQueryable;
  open: boolean;
  /** The tail of this request's statement queue: settled when every statement made so far has its answer. */
  queue: Promise<unknown>;
  savepoints: number;
  replayOnRollback: { sql: string; params: unknown[] }[];
  /** Settles true when this request is the first with its Idempotency-Key, false for a repeat (see `holdEffectsUntil`). */
  first: Promise<boolean>;
}

const scopedMarker = Symbol('request-scoped-db');

export interface RequestScopedDb extends Db {
  readonly [scopedMarker]: {
    storage: AsyncLocalStorage<RequestTransaction>;
    root: Db;
  };
  /** Statements whose effect must survive a rollback of the request (rate-limit hits). */
  readonly autonomous: Queryable;
}

function isRequestScoped(db: Queryable): db is RequestScopedDb {
  return typeof db === 'object' && db !== null && scopedMarker in db;
}

export function requestScoped(root: Db): RequestScopedDb {
  if (isRequestScoped(root)) return root;
  const storage = new AsyncLocalStorage<RequestTransaction>();

  const active = () => {
    const current = storage.getStore();
    return current?.open ? current : null;
  };

  const pipelined = root.engine === 'postgres';

  /**
   * Runs `unit` after every statement this request made before it: on
   * PostgreSQL at once, its statements queued on the connection behind theirs
   * (a unit of several makes them all before awaiting any); on PGlite once
   * they have their answers.
   */
  const serial = <R>(current: RequestTransaction, unit: () => Promise<R>): Promise<R> => {
    const run = pipelined ? unit() : current.queue.then(unit, unit);
    current.queue = Promise.allSettled([current.queue, run]);
    return run;
  };

  const inRequest = <T>(current: RequestTransaction, sql: string, params: unknown[]) =>
    serial(current, () => current.tx.query<T>(sql, params));

  const query = <T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> => {
    const current = active();
    return current ? inRequest<T>(current, sql, params) : root.query<T>(sql, params);
  };

  const exec = async (sql: string): Promise<void> => {
    const current = active();
    if (!current) return root.exec(sql);
    await serial(current, () => current.tx.exec(sql));
  };

  async function transaction<R>(fn: (tx: TransactionQueryable) => Promise<R>): Promise<R> {
    const current = active();
    if (!current) return root.transaction(fn);
    const name = `t${++current.savepoints}`;
    await serial(current, () => current.tx.query(`SAVEPOINT ${name}`));
    try {
      // A savepoint's commit-time work runs as it is released: it belongs to that unit.
      const atRelease: ((tx: Queryable) => Promise<unknown>)[] = [];
      const result = await fn({ query, exec, atCommit: (work) => void atRelease.push(work) });
      for (const work of atRelease) await work({ query, exec });
      await serial(current, () => current.tx.query(`RELEASE SAVEPOINT ${name}`));
      return result;
    } catch (error) {
      await serial(current, async () => {
        const back = current.tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
        // PGlite's transaction runs one statement at a time: there the second waits.
        if (!pipelined) await back;
        await Promise.all([back, current.tx.query(`RELEASE SAVEPOINT ${name}`)]);
      });
      throw error;
    }
  }

  const autonomous: Queryable = {
    async query<T>(sql: string, params: unknown[] = []) {
      const current = active();
      if (!current) return root.query<T>(sql, params);
      // Noted as it is made: a rollback that comes before its answer (a pipelined
      // statement's failure) still replays it, and so does its own failure.
      current.replayOnRollback.push({ sql, params });
      return inRequest<T>(current, sql, params);
    },
    exec,
  };

  return {
    engine: root.engine,
    query,
    exec,
    transaction,
    close: () => root.close(),
    autonomous,
    [scopedMarker]: { storage, root },
  };
}

/**
 * Runs `fn` atomically: inside the request transaction when one is open —
 * joining it, without a savepoint, so a failure in `fn` fails the request
 * (use `db.transaction` to catch one and go on) — else in a transaction of
 * its own. For writes whose every failure is the request's failure: two
 * round trips fewer than a savepoint.
 */
export function atomically<R>(db: Db, fn: (tx: Queryable) => Promise<R>): Promise<R> {
  if (inRequestTransaction(db)) return fn(db);
  return db.transaction(fn);
}

/** True inside an open request transaction: what a statement made now does commits or rolls back with the request. */
export function inRequestTransaction(db: Queryable): boolean {
  return isRequestScoped(db) && db[scopedMarker].storage.getStore()?.open === true;
}

/**
 * Runs `work` (one statement) when the request's transaction commits, sent
 * with the COMMIT (see `TransactionQueryable.atCommit`); outside a request
 * transaction, at once. For the last write of a request, whose answer nothing
 * waits for: the stored idempotent answer.
 */
export async function atRequestCommit(db: Queryable, work: (tx: Queryable) => Promise<unknown>): Promise<void> {
  const current = isRequestScoped(db) ? db[scopedMarker].storage.getStore() : undefined;
  if (current?.open) current.tx.atCommit(work);
  else await work(db);
}

/**
 * Marks the current request as possibly a repeat of one already answered
 * until `first` settles: the idempotency claim, sent together with the
 * handler's first statements rather than awaited before them
 * (http/idempotency.ts). Statements need no wait — a repeat rolls back — but
 * effects outside the database (image files) must: see `isFirstWithItsKey`.
 */
export function holdEffectsUntil(db: Queryable, first: Promise<boolean>): void {
  const current = isRequestScoped(db) ? db[scopedMarker].storage.getStore() : undefined;
  if (current?.open) current.first = first;
}

/**
 * False when the current request repeats one already answered (it will roll
 * back and be answered from the stored copy): it must store or remove no
 * file. True outside a request transaction and for every request without a
 * pending claim. On PostgreSQL the claim's answer arrives before the answer
 * of any statement made after it, so awaiting it after a statement costs no
 * round trip.
 */
export async function isFirstWithItsKey(db: Queryable): Promise<boolean> {
  const current = isRequestScoped(db) ? db[scopedMarker].storage.getStore() : undefined;
  return current?.open ? current.first : true;
}

/** The queryable whose statements outlive a rollback of the current request (see `autonomous`). */
export function outlivingRollback(db: Queryable): Queryable {
  return isRequestScoped(db) ? db.autonomous : db;
}

/**
 * Thrown out of `fn` to roll the request back while still answering with
 * `value`. `keepAutonomous: false` forgets the autonomous statements too (a
 * repeated request counts against no limit).
 */
export class RollbackWith<T> extends Error {
  constructor(
    readonly value: T,
    readonly options: { keepAutonomous: boolean } = { keepAutonomous: true },
  ) {
    super('request rolled back');
  }
}

/**
 * Runs `fn` with every statement made through `db` in this async context
 * inside one transaction. Commits when `fn` returns; rolls back when it
 * throws (a `RollbackWith` hands its value back instead of rethrowing), and
 * then replays the autonomous statements on the root database.
 */
export async function runInRequestTransaction<R>(db: Db, fn: () => Promise<R>): Promise<R> {
  if (!isRequestScoped(db)) return fn();
  const { storage, root } = db[scopedMarker];
  if (storage.getStore()?.open) return fn(); // already inside one
  let state: RequestTransaction | null = null;
  try {
    return await root.transaction(async (tx) => {
      state = {
        tx,
        open: true,
        queue: Promise.resolve(),
        savepoints: 0,
        replayOnRollback: [],
        first: Promise.resolve(true),
      };
      const current = state;
      try {
        const result = await storage.run(current, fn);
        await current.queue;
        return result;
      } finally {
        current.open = false;
      }
    });
  } catch (error) {
    const forget = error instanceof RollbackWith && !error.options.keepAutonomous;
    const replay = forget ? [] : ((state as RequestTransaction | null)?.replayOnRollback ?? []);
    for (const statement of replay) {
      await root.query(statement.sql, statement.params).catch((replayError: unknown) => {
        console.error('Could not replay a statement after a rollback', replayError);
      });
    }
    if (error instanceof RollbackWith) return error.value as R;
    throw error;
  }
}
