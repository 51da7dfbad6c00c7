/**
 * A runner over fake-indexeddb with a fake clock, online switch and user,
 * sending through the real API client (createApiClient) to any FetchLike.
 * `restart()` builds a new runner over the same database: a reload.
 */
import { createApiClient, type FetchLike, type StoredTokens } from '../../../src/shared/api/api-client.ts';
import { createLocalLocks } from '../../../src/shared/api/locks.ts';
import { openDatabase } from '../../../src/shared/db/open-database.ts';
import type { WriteIntent } from '../../../src/shared/outbox/intent.ts';
import { enqueueIntent, listEntries } from '../../../src/shared/outbox/outbox-repository.ts';
import { createOutboxRunner, type OutboxEvent } from '../../../src/shared/outbox/outbox-runner.ts';

export interface HarnessOptions {
  fetch: FetchLike;
  userId?: number | null;
  tokens?: StoredTokens | null;
  concurrency?: number;
  sendTimeoutMs?: number;
  /** The page's chosen account (the client's X-Account for requests that do not name theirs). */
  account?: () => number | null;
}

export function createOutboxHarness(options: HarnessOptions) {
  let now = 1_000_000;
  let online = true;
  let userId = options.userId ?? 7;
  let tokens: StoredTokens | null = options.tokens ?? { access: 'a', refresh: 'r' };
  let ids = 0;
  const run = crypto.randomUUID();
  const events: OutboxEvent[] = [];
  const locks = createLocalLocks();
  const client = createApiClient({
    fetch: options.fetch,
    locks,
    ...(options.account ? { account: options.account } : {}),
    tokens: {
      read: async () => tokens,
      write: async (pair) => {
        tokens = pair;
      },
      clear: async () => {
        tokens = null;
      },
    },
  });

  const makeRunner = () =>
    createOutboxRunner({
      database: openDatabase,
      transport: client,
      now: () => now,
      random: () => 0.5,
      isOnline: () => online,
      currentUserId: async () => (tokens ? userId : null),
      locks,
      concurrency: options.concurrency ?? 3,
      onEvent: (event) => events.push(event),
      ...(options.sendTimeoutMs === undefined ? {} : { sendTimeoutMs: () => options.sendTimeoutMs as number }),
    });
  let runner = makeRunner();

  return {
    events,
    client,
    get now() {
      return now;
    },
    advance(ms: number) {
      now += ms;
    },
    setOnline(value: boolean) {
      online = value;
    },
    setUser(id: number | null) {
      userId = id ?? 0;
      if (id === null) tokens = null;
    },
    setTokens(pair: StoredTokens | null) {
      tokens = pair;
    },
    /** `accountId`: the owner a team member queues it for (absent: the user's own account). */
    async queue(intent: WriteIntent, stampedUser: number | null = userId, accountId: number | null = null) {
      return enqueueIntent(await openDatabase(), intent, {
        userId: stampedUser,
        accountId,
        now,
        // Unique across harnesses: a real server remembers Idempotency-Keys for a day.
        newId: () => `${run}-${++ids}`,
      });
    },
    flush: () => runner.flush(),
    /** Flushes, advancing the clock to each backoff, until nothing is waiting on time. */
    async drain(maxRounds = 50) {
      for (let round = 0; round < maxRounds; round += 1) {
        const result = await runner.flush();
        if (result.nextWakeAt === null) return result;
        now = Math.max(now, result.nextWakeAt);
      }
      throw new Error('outbox did not drain');
    },
    entries: async () => listEntries(await openDatabase()),
    restart() {
      runner = makeRunner();
    },
  };
}
