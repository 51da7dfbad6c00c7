/**
 * The real API app (createApp over a fresh in-memory PGlite, tests/api/support)
 * as the outbox's server, in-process: no second, hand-written API to drift
 * from the real one. Wraps `app.request` as a FetchLike that counts write
 * requests, counts how often each Idempotency-Key was *applied* (a replay is
 * not an application), and injects faults the caller scripts: 503 before the
 * app sees the request, or the connection dropped after the app committed.
 * "Someone else" (another device of the same user) edits through the app directly.
 */
import { seedDemo } from '../../../server/services/demo-seed.ts';
import type { WritePolicy } from '../../../server/services/write-policy.ts';
import type { FetchLike, StoredTokens } from '../../../src/shared/api/api-client.ts';
import type { EventRecord } from '../../../src/shared/contract/event.ts';
import { userIdFromTokens } from '../../../src/shared/outbox/session-user.ts';
import { startTestApp, type TestApp } from '../../api/support/test-app.ts';

export type Fault = 'none' | 'error' | 'drop';

const ORIGIN = 'http://roamly.test';
/** Session calls are never faulted: the tests are about writes. */
const spared = ['/api/auth/login/', '/api/auth/refresh/'];

/**
 * One app per test file: migrated, demo accounts seeded. `writePolicy` lifts the
 * per-account write limits for a run that is beyond them by design (the scale benchmark).
 */
export async function startOutboxApp(options: { writePolicy?: Partial<WritePolicy> } = {}): Promise<TestApp> {
  const { defaultRateLimits } = await import('../../../server/services/rate-limit.ts');
  const generous = { max: 1_000_000, windowSeconds: 60 };
  const limits = Object.fromEntries(Object.keys(defaultRateLimits).map((name) => [name, generous]));
  const api = await startTestApp({
    limits: limits as unknown as typeof defaultRateLimits,
    ...(options.writePolicy ? { writePolicy: options.writePolicy } : {}),
  });
  await seedDemo(api.db);
  return api;
}

export interface RealServerOptions {
  /** Decides the fate of each write request, in order. */
  fault?: (method: string, path: string) => Fault;
  email?: string;
}

export async function connectRealServer(api: TestApp, options: RealServerOptions = {}) {
  const login = await api.app.request(`${ORIGIN}/api/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: options.email ?? 'business@example.com', password: 'demo-password-1' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const tokens = (await login.json()) as StoredTokens;
  const userId = userIdFromTokens(tokens);
  if (userId === null) throw new Error('login failed');
  const applied = new Map<string, number>();
  let requests = 0;

  const fetch: FetchLike = async (input, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(input, ORIGIN).pathname;
    const write = method !== 'GET' && !spared.includes(path);
    if (write) requests += 1;
    const fault = write ? (options.fault?.(method, path) ?? 'none') : 'none';
    if (fault === 'error') {
      return new Response('{"detail":"Service unavailable (fault injected)."}', {
        status: 503,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const response = await api.app.request(`${ORIGIN}${input}`, init);
    const key = new Headers(init.headers).get('Idempotency-Key');
    if (key && response.ok && response.headers.get('Idempotent-Replayed') !== 'true') {
      applied.set(key, (applied.get(key) ?? 0) + 1);
    }
    if (fault === 'drop') {
      await response.arrayBuffer();
      throw new TypeError('Failed to fetch (connection dropped after commit)');
    }
    return response;
  };

  const asOwner = (method: string, path: string, body?: FormData) =>
    api.app.request(`${ORIGIN}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${tokens.access}` },
      ...(body ? { body } : {}),
    });

  return {
    fetch,
    tokens,
    userId,
    applied,
    /** Write requests that reached the wire (faulted ones included). */
    get requests() {
      return requests;
    },
    /** The user's events on the server now, by id. */
    async events(): Promise<Map<number, EventRecord>> {
      const list = (await (await asOwner('GET', '/events/user/')).json()) as EventRecord[];
      return new Map(list.map((event) => [event.id, event]));
    },
    /** Events whose title starts with `prefix` (each test names its own). */
    async titled(prefix: string): Promise<EventRecord[]> {
      return [...(await this.events()).values()].filter((event) => event.title.startsWith(prefix));
    },
    /** Another device of the same user changes the event (no If-Match). */
    async editElsewhere(id: number, fields: Record<string, string>): Promise<void> {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const response = await asOwner('PUT', `/events/${id}/update/`, form);
      if (!response.ok) throw new Error(`edit elsewhere: ${response.status}`);
    },
    async deleteElsewhere(id: number): Promise<void> {
      const response = await asOwner('DELETE', `/events/${id}/delete/`);
      if (!response.ok) throw new Error(`delete elsewhere: ${response.status}`);
    },
  };
}

export type RealServer = Awaited<ReturnType<typeof connectRealServer>>;
