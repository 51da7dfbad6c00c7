// @vitest-environment node
/**
 * Property: whatever the user does and whatever the network does, the server
 * ends equal to the user's last intent for every record — nothing lost,
 * nothing applied twice. Runs the real outbox (fake-indexeddb) against the
 * REAL API app in-process, with faults injected between them: 503 before
 * apply, connection dropped after commit, offline windows, reloads (a new
 * runner over the same IndexedDB) and access tokens expiring (the app's clock
 * is the runner's clock; refreshes go through the real refresh endpoint).
 */
import fc from 'fast-check';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/services/demo-seed.ts';
import { resetDatabaseConnection } from '../../src/shared/db/open-database.ts';
import { startTestApp, type TestApp } from '../api/support/test-app.ts';
import { connectOutbox, type Op } from './support/outbox-property-world.ts';

// 150 sequences a run (~6 s on a 2-core host; 300 took 12–27 s under CI's load, the
// browser-code project's longest file). Each run draws new sequences, so CI explores more
// of them over time; OUTBOX_PROPERTY_RUNS=5000 for a deep look after changing the outbox.
const RUNS = Number(process.env.OUTBOX_PROPERTY_RUNS ?? 150);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('create' as const), record: fc.nat(3) }) },
  { weight: 5, arbitrary: fc.record({ type: fc.constant('update' as const), record: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('delete' as const), record: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('report' as const) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('flush' as const) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('network' as const), online: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('reload' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('wait' as const), seconds: fc.integer({ min: 1, max: 600 }) }),
  },
);
const faultArb = fc.array(
  fc.constantFrom('none', 'none', 'none', 'error', 'drop') as fc.Arbitrary<'none' | 'error' | 'drop'>,
  {
    maxLength: 12,
  },
);

describe('outbox against the real API (property)', () => {
  let api: TestApp;
  let tokens: { access: string; refresh: string };

  beforeAll(async () => {
    // Short access tokens, so waits make them expire; generous report limits.
    api = await startTestApp({
      config: { accessTokenTtl: 60 },
      limits: {
        ...(await import('../../server/services/rate-limit.ts')).defaultRateLimits,
        reportPerIp: { max: 1_000_000, windowSeconds: 60 },
        reportPerAccount: { max: 1_000_000, windowSeconds: 60 },
      },
      // One demo account makes every write of every run: lift the per-account write limits and event cap.
      writePolicy: {
        writesPerMinute: { max: 1_000_000, windowSeconds: 60 },
        writesPerDay: { max: 1_000_000, windowSeconds: 60 },
        eventsPerAccount: 1_000_000,
      },
    });
    await seedDemo(api.db);
    const login = await api.app.request('http://roamly.test/api/auth/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'business@example.com', password: 'demo-password-1' }),
    });
    tokens = (await login.json()) as typeof tokens;
  });

  afterAll(async () => {
    await api.close();
  });

  it(`ends with the server equal to the last intent per record (${RUNS} random sequences)`, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), faultArb, async (ops, faults) => {
        globalThis.indexedDB = new IDBFactory();
        resetDatabaseConnection();
        const world = connectOutbox(api, { tokens, faults, runId: `run${++run}` });
        for (const op of ops) await world.apply(op);
        await world.settle();
        const problems = await world.check();
        tokens = world.tokens(); // refresh tokens rotate; the next run continues the session
        expect(problems).toEqual([]);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 240_000);
});
