/**
 * The outbox's sending code (the runner: requests, response schemas, failure handling) is
 * not part of a page's first load: a flush with an empty queue never loads it, the first
 * queued write does, and `prepare` fetches it ahead.
 */
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/shared/api/api-client.ts';
import { createLocalLocks } from '../../src/shared/api/locks.ts';
import { openDatabase, resetDatabaseConnection } from '../../src/shared/db/open-database.ts';
import { createOutboxClient } from '../../src/shared/outbox/outbox-client.ts';
import type * as Runner from '../../src/shared/outbox/outbox-runner.ts';

const made = vi.hoisted(() => ({ runners: 0 }));
vi.mock('../../src/shared/outbox/outbox-runner.ts', async (original) => {
  const actual = await original<typeof Runner>();
  return {
    ...actual,
    createOutboxRunner: (...args: Parameters<typeof actual.createOutboxRunner>) => {
      made.runners += 1;
      return actual.createOutboxRunner(...args);
    },
  };
});

function build() {
  let ids = 0;
  const sent: string[] = [];
  const client = createOutboxClient({
    clock: { now: () => 1_000, random: () => 0.5, setTimer: () => () => undefined },
    network: { isOnline: () => true },
    storage: { database: openDatabase, currentUserId: async () => 7, newId: () => `c-${++ids}` },
    transport: createApiClient({
      locks: createLocalLocks(),
      tokens: { read: async () => ({ access: 'a', refresh: 'r' }), write: async () => {}, clear: async () => {} },
      fetch: async (input) => {
        sent.push(String(input));
        return new Response('{"detail":"Busy."}', { status: 503, headers: { 'Content-Type': 'application/json' } });
      },
    }),
    locks: createLocalLocks(),
    publish: () => undefined,
  });
  return { client, sent };
}

describe('the outbox sending code', () => {
  beforeEach(() => {
    made.runners = 0;
    globalThis.indexedDB = new IDBFactory();
    resetDatabaseConnection();
  });

  it('is not loaded by a flush of an empty queue, and is by the first queued write, which it sends', async () => {
    const { client, sent } = build();
    await client.flushNow({ skipBackoff: true });
    expect(made.runners).toBe(0);
    const queued = await client.queueWrite(
      { kind: 'event.create', target: 'event:tmp-a', fields: { title: 'Gig' } },
      7,
    );
    expect(await queued.firstAttempt).toMatchObject({ kind: 'deferred', reason: 'retrying', status: 503 });
    expect(made.runners).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('is fetched ahead by prepare, once', async () => {
    const { client } = build();
    await Promise.all([client.prepare(), client.prepare()]);
    expect(made.runners).toBe(1);
  });
});
