/**
 * Migrating while the migrating process is busy elsewhere: on PostgreSQL the migration is one
 * transaction, and between its statements the process may be held up (the test setup
 * migrates PGlite beside it, whose WebAssembly holds the thread for seconds; a loaded host).
 * PostgreSQL must not end that transaction for being idle: every migration applies.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { usesPostgres } from './support/test-app.ts';

/** Blocks this thread for `ms`, as a long synchronous job would. */
function holdTheThread(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

describe.runIf(usesPostgres())('migrations on a busy process (PostgreSQL)', () => {
  it('apply whole although the thread is held longer than the idle-in-transaction timeout', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `busy_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url, { max: 1 });
    await admin.query(`CREATE DATABASE ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    // The same pool as production's, with a short idle-in-transaction timeout to make the point quickly.
    const db = await openPostgres(own.toString(), { max: 1, timeouts: { idleInTransactionMs: 100 } });
    // Something else on this thread, taking 300 ms at a time, eight times while the migration runs.
    let busy = 8;
    const hog = () => {
      if (busy-- <= 0) return;
      holdTheThread(300);
      setTimeout(hog, 20);
    };
    setTimeout(hog, 5);
    try {
      const applied = await migrate(db);
      expect(applied.length).toBeGreaterThan(10);
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0]!.n).toBe(applied.filter((step) => !step.startsWith('functions/')).length);
    } finally {
      busy = 0;
      await db.close();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.close();
    }
  }, 60_000);
});
