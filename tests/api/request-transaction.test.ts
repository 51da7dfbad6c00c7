/**
 * The per-request transaction behind Idempotency-Key: everything a request
 * does through the request-scoped Db commits together or not at all, nested
 * transactions are savepoints (a failure caught around one does not poison
 * the rest of the request; a bare failing statement aborts it, as in any
 * PostgreSQL transaction), rate-limit hits outlive a rollback, and other
 * requests never see uncommitted writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atRequestCommit,
  atomically,
  outlivingRollback,
  requestScoped,
  RollbackWith,
  runInRequestTransaction,
} from '../../server/db/request-transaction.ts';
import { onDatabaseWrite } from './support/database-writes.ts';
import { freshDb } from './support/test-app.ts';

let shared: Awaited<ReturnType<typeof freshDb>>;
beforeAll(async () => {
  shared = await freshDb();
  await shared.db.exec('CREATE TABLE rt_items (name text PRIMARY KEY)');
});
afterAll(() => shared.drop());

const names = async () =>
  (await shared.db.query<{ name: string }>('SELECT name FROM rt_items ORDER BY name')).rows.map((r) => r.name);

describe('request transactions', () => {
  it('commit everything together, survive a failure caught around a savepoint, and nest as savepoints', async () => {
    const db = requestScoped(shared.db);
    await runInRequestTransaction(db, async () => {
      await db.query("INSERT INTO rt_items VALUES ('a')");
      await expect(db.transaction((tx) => tx.query("INSERT INTO rt_items VALUES ('a')"))).rejects.toThrow(); // caught: request goes on
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO rt_items VALUES ('inner')");
          throw new Error('nested failure');
        }),
      ).rejects.toThrow('nested failure');
      await db.transaction(async (tx) => tx.query("INSERT INTO rt_items VALUES ('b')"));
    });
    expect(await names()).toEqual(['a', 'b']);
  });

  it('abort the whole request when a bare statement fails, keeping nothing it wrote', async () => {
    const db = requestScoped(shared.db);
    await expect(
      runInRequestTransaction(db, async () => {
        await db.query("INSERT INTO rt_items VALUES ('before the failure')");
        await db.query("INSERT INTO rt_items VALUES ('a')").catch(() => undefined); // swallowed, still fatal
        await db.query("INSERT INTO rt_items VALUES ('after the failure')");
      }),
    ).rejects.toThrow();
    expect(await names()).toEqual(['a', 'b']);
  });

  it('join the request transaction with atomically(), or open one of their own outside a request', async () => {
    const db = requestScoped(shared.db);
    await expect(
      atomically(db, async (tx) => {
        await tx.query("INSERT INTO rt_items VALUES ('alone')");
        throw new Error('undo alone');
      }),
    ).rejects.toThrow('undo alone');
    // Joined: it commits or rolls back with the request, not on its own.
    await expect(
      runInRequestTransaction(db, async () => {
        await atomically(db, (tx) => tx.query("INSERT INTO rt_items VALUES ('joined')"));
        throw new Error('the request fails after it');
      }),
    ).rejects.toThrow('the request fails after it');
    expect(await names()).toEqual(['a', 'b']);
  });

  it('roll everything back on failure, but keep autonomous statements', async () => {
    const db = requestScoped(shared.db);
    const answer = await runInRequestTransaction(db, async () => {
      await db.query("INSERT INTO rt_items VALUES ('lost')");
      await outlivingRollback(db).query("INSERT INTO rt_items VALUES ('counted')");
      throw new RollbackWith('rolled back');
    });
    expect(answer).toBe('rolled back');
    expect(await names()).toEqual(['a', 'b', 'counted']);
    await expect(
      runInRequestTransaction(db, async () => {
        await db.query("INSERT INTO rt_items VALUES ('also lost')");
        throw new Error('handler crashed');
      }),
    ).rejects.toThrow('handler crashed');
    expect(await names()).toEqual(['a', 'b', 'counted']);
  });

  it('other requests do not see uncommitted writes, and queries outside a request use the root', async () => {
    const db = requestScoped(shared.db);
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const request = runInRequestTransaction(db, async () => {
      await db.query("INSERT INTO rt_items VALUES ('pending')");
      inserted();
      await holding;
    });
    await didInsert;
    const read = () => db.query<{ n: number }>("SELECT count(*)::int AS n FROM rt_items WHERE name = 'pending'");
    if (db.engine === 'pglite') {
      // One connection: a read from another request waits for the commit.
      const seen = read();
      release();
      await request;
      expect((await seen).rows[0]!.n).toBe(1);
    } else {
      expect((await read()).rows[0]!.n).toBe(0);
      release();
      await request;
    }
    expect(await names()).toContain('pending');
  });

  it('send commit-time work with the COMMIT: it lands with the request, and its failure rolls everything back', async () => {
    const db = requestScoped(shared.db);
    await runInRequestTransaction(db, async () => {
      await db.query("INSERT INTO rt_items VALUES ('with its answer')");
      await atRequestCommit(db, (tx) => tx.query("INSERT INTO rt_items VALUES ('answer')"));
    });
    expect(await names()).toEqual(expect.arrayContaining(['with its answer', 'answer']));

    await expect(
      runInRequestTransaction(db, async () => {
        await db.query("INSERT INTO rt_items VALUES ('lost with the answer')");
        await atRequestCommit(db, (tx) => tx.query("INSERT INTO rt_items VALUES ('answer')")); // duplicate key
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await names()).not.toContain('lost with the answer');

    // Outside a request, the work runs at once.
    await atRequestCommit(db, (tx) => tx.query("INSERT INTO rt_items VALUES ('no request')"));
    expect(await names()).toContain('no request');
  });

  it('refuse a second statement from commit-time work (it would run after the COMMIT), and stay usable', async () => {
    if (shared.db.engine === 'pglite') return; // PGlite runs the work before its COMMIT: nothing to refuse
    await expect(
      shared.db.transaction(async (tx) => {
        await tx.query("INSERT INTO rt_items VALUES ('two-step work')");
        tx.atCommit(async (final) => {
          await final.query("INSERT INTO rt_items VALUES ('first step')");
          await final.query("INSERT INTO rt_items VALUES ('second step')");
        });
      }),
    ).rejects.toThrow('one statement only');
    expect(await names()).not.toContain('second step');
    // The pooled connections still answer, in and out of transactions.
    for (let i = 0; i < 12; i++) {
      await expect(shared.db.transaction((tx) => tx.query('SELECT 1 AS one'))).resolves.toBeTruthy();
      await expect(shared.db.transaction((tx) => tx.query('SELECT 1/0'))).rejects.toThrow(/division by zero/);
    }
    expect((await shared.db.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });

  it('fail cleanly when the connection dies mid-transaction, and the pool goes on', async () => {
    if (shared.db.engine === 'pglite') return; // one in-process connection: nothing to kill
    const { openPostgres } = await import('../../server/db/client.ts');
    const killer = await openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
    try {
      await expect(
        shared.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await killer.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          // Pipelined after the death: both this statement and the COMMIT fail, neither unhandled.
          await tx.query("INSERT INTO rt_items VALUES ('after the connection died')");
        }),
      ).rejects.toThrow();
    } finally {
      await killer.close();
    }
    expect(await names()).not.toContain('after the connection died');
    await expect(shared.db.transaction((tx) => tx.query('SELECT 1 AS one'))).resolves.toBeTruthy();
  });

  it('send BEGIN with the first statement and the COMMIT with its commit-time work, one socket write each', async () => {
    if (shared.db.engine === 'pglite') return; // no socket
    const writes: number[] = [];
    const stopWatching = onDatabaseWrite(() => writes.push(Date.now()));
    try {
      await shared.db.transaction(async (tx) => {
        await tx.query("INSERT INTO rt_items VALUES ('one write with BEGIN')");
        await tx.query('SELECT count(*) FROM rt_items WHERE name = $1', ['one write with BEGIN']);
        tx.atCommit((final) => final.query("INSERT INTO rt_items VALUES ('one write with COMMIT')"));
      });
      // Three statements and BEGIN/COMMIT: three writes, not five. (Unpipelined, seven round trips.)
      expect(writes.length).toBe(3);
      writes.length = 0;
      await shared.db.transaction(async () => 'nothing to do');
      expect(writes.length).toBe(0); // a transaction that makes no statement sends nothing
    } finally {
      stopWatching();
    }
    expect(await names()).toEqual(expect.arrayContaining(['one write with BEGIN', 'one write with COMMIT']));
  });

  it('send statements made in one run of callbacks in one write, and a later one at once, without waiting for answers', async () => {
    if (shared.db.engine === 'pglite') return; // one statement at a time, by design
    const seen: string[] = [];
    const stopWatching = onDatabaseWrite(() => seen.push('write'));
    const db = requestScoped(shared.db);
    try {
      await runInRequestTransaction(db, async () => {
        const first = db.query('SELECT pg_sleep(0.05)').then(() => seen.push('first answered'));
        const second = db.query("INSERT INTO rt_items VALUES ('sent with the first')");
        await new Promise((resolve) => setImmediate(resolve)); // the socket has been written to by now
        const third = db.query("INSERT INTO rt_items VALUES ('sent behind the first')");
        await Promise.all([first, second, third]);
      });
    } finally {
      stopWatching();
    }
    // BEGIN with the first two statements; the third before the first's answer; then the COMMIT.
    expect(seen).toEqual(['write', 'write', 'first answered', 'write']);
    expect(await names()).toEqual(expect.arrayContaining(['sent with the first', 'sent behind the first']));
  });
});
