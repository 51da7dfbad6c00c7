/**
 * One property-test run's world: a user driving the outbox (create, edit,
 * delete, report), a network (online switch, scripted 503 / drop-after-commit
 * faults on writes), reloads, and time passing — wired to the real API app
 * in-process. `check()` compares the server with the user's last intents.
 */
import { createApiClient, type StoredTokens } from '../../../src/shared/api/api-client.ts';
import { createLocalLocks } from '../../../src/shared/api/locks.ts';
import { openDatabase } from '../../../src/shared/db/open-database.ts';
import type { WriteIntent } from '../../../src/shared/outbox/intent.ts';
import { enqueueIntent, listEntries, readIdMap } from '../../../src/shared/outbox/outbox-repository.ts';
import { createOutboxRunner } from '../../../src/shared/outbox/outbox-runner.ts';
import { userIdFromTokens } from '../../../src/shared/outbox/session-user.ts';
import type { TestApp } from '../../api/support/test-app.ts';

export type Op =
  | { type: 'create' | 'update' | 'delete'; record: number }
  | { type: 'report' }
  | { type: 'flush' }
  | { type: 'network'; online: boolean }
  | { type: 'reload' }
  | { type: 'wait'; seconds: number };

type Fault = 'none' | 'error' | 'drop';

interface RecordModel {
  state: 'live' | 'deleted';
  tmpTarget: `event:tmp-${string}`;
  title: string;
}

const ORIGIN = 'http://roamly.test';
const spared = ['/api/auth/login/', '/api/auth/refresh/'];

export function connectOutbox(
  api: TestApp,
  options: { tokens: StoredTokens; faults: readonly Fault[]; runId: string },
) {
  const { runId } = options;
  let online = true;
  let stored: StoredTokens | null = options.tokens;
  const faults = [...options.faults];
  const applied = new Map<string, number>();
  const records = new Map<number, RecordModel>();
  const reports: string[] = [];
  const knownVersion = new Map<number, number>();
  let counter = 0;

  async function fetch(input: string, init: RequestInit): Promise<Response> {
    if (!online) throw new TypeError('Failed to fetch (offline)');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(input, ORIGIN).pathname;
    const fault = method !== 'GET' && !spared.includes(path) ? (faults.shift() ?? 'none') : 'none';
    if (fault === 'error') {
      return new Response('{"detail":"Service unavailable (fault injected)."}', {
        status: 503,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const response = await api.app.request(`${ORIGIN}${input}`, init);
    if (process.env.OUTBOX_DEBUG && path.includes('refresh'))
      console.error(runId, 'refresh', response.status, await response.clone().text());
    const key = new Headers(init.headers).get('Idempotency-Key');
    if (key && response.ok && response.headers.get('Idempotent-Replayed') !== 'true') {
      applied.set(key, (applied.get(key) ?? 0) + 1);
    }
    if (fault === 'drop') {
      await response.arrayBuffer();
      throw new TypeError('Failed to fetch (connection dropped after commit)');
    }
    return response;
  }

  const locks = createLocalLocks();
  const client = createApiClient({
    fetch,
    locks,
    tokens: {
      read: async () => stored,
      write: async (pair) => void (stored = pair),
      clear: async () => {
        if (process.env.OUTBOX_DEBUG) console.error(runId, 'tokens cleared', new Error().stack);
        stored = null;
      },
    },
  });
  const makeRunner = () =>
    createOutboxRunner({
      database: openDatabase,
      transport: client,
      now: () => api.clock.now(),
      random: () => 0.5,
      isOnline: () => online,
      currentUserId: async () => userIdFromTokens(stored),
      locks,
    });
  let runner = makeRunner();

  async function queue(intent: WriteIntent, userId: number | null) {
    await enqueueIntent(await openDatabase(), intent, {
      userId,
      now: api.clock.now(),
      newId: () => crypto.randomUUID(),
    });
  }

  /** What the UI would call the record now: its server id once the create succeeded. */
  async function currentTarget(model: RecordModel): Promise<string> {
    const id = (await readIdMap(await openDatabase()))[model.tmpTarget];
    return id === undefined ? model.tmpTarget : `event:${id}`;
  }

  /** The dashboard refetches after sends: the versions the user's editor would hold. */
  async function refetch() {
    if (!online) return;
    const { data } = await client.request('GET', '/events/user/');
    for (const event of data as Array<{ id: number; version: number }>) knownVersion.set(event.id, event.version);
  }

  const userId = () => userIdFromTokens(stored);

  async function apply(op: Op): Promise<void> {
    switch (op.type) {
      case 'create': {
        if (records.has(op.record)) return;
        const model: RecordModel = {
          state: 'live',
          tmpTarget: `event:tmp-${runId}-${op.record}`,
          title: `${runId}-r${op.record}-v${++counter}`,
        };
        records.set(op.record, model);
        return queue({ kind: 'event.create', target: model.tmpTarget, fields: { title: model.title } }, userId());
      }
      case 'update': {
        const model = records.get(op.record);
        if (model?.state !== 'live') return;
        model.title = `${runId}-r${op.record}-v${++counter}`;
        const target = (await currentTarget(model)) as `event:${string}`;
        const id = Number(target.slice('event:'.length));
        const baseVersion = Number.isInteger(id) ? knownVersion.get(id) : undefined;
        const intent: WriteIntent = { kind: 'event.update', target, fields: { title: model.title } };
        return queue(baseVersion === undefined ? intent : { ...intent, baseVersion }, userId());
      }
      case 'delete': {
        const model = records.get(op.record);
        if (model?.state !== 'live') return;
        model.state = 'deleted';
        const target = (await currentTarget(model)) as `event:${string}`;
        return queue({ kind: 'event.delete', target }, userId());
      }
      case 'report': {
        const message = `${runId} report ${++counter}: the map does not load.`;
        reports.push(message);
        return queue({ kind: 'issue.report', target: `issue:${crypto.randomUUID()}`, message }, null);
      }
      case 'flush':
        await runner.flush();
        return refetch();
      case 'network':
        online = op.online;
        return;
      case 'reload':
        runner = makeRunner();
        return;
      case 'wait':
        api.clock.advance(op.seconds * 1000);
        return;
    }
  }

  /** Back online, no more faults: drain, jumping the clock over backoffs. */
  async function settle(): Promise<void> {
    online = true;
    faults.length = 0;
    for (let round = 0; round < 40; round += 1) {
      const result = await runner.flush();
      if (result.nextWakeAt === null) return;
      api.clock.advance(Math.max(0, result.nextWakeAt - api.clock.now()));
    }
  }

  async function check(): Promise<string[]> {
    const problems: string[] = [];
    const left = await listEntries(await openDatabase());
    for (const entry of left) problems.push(`left in outbox: ${entry.intent.kind} ${entry.status} ${entry.lastError}`);
    const { data } = await client.request('GET', '/events/user/');
    const events = data as Array<{ id: number; title: string }>;
    for (const [record, model] of records) {
      const mine = events.filter((event) => event.title.startsWith(`${runId}-r${record}-`));
      if (model.state === 'deleted' && mine.length > 0) problems.push(`record ${record} should be deleted`);
      if (model.state === 'live' && (mine.length !== 1 || mine[0]?.title !== model.title)) {
        problems.push(
          `record ${record}: want "${model.title}", server has ${JSON.stringify(mine.map((e) => e.title))}`,
        );
      }
    }
    for (const [key, count] of applied) if (count > 1) problems.push(`key ${key} applied ${count} times`);
    if (reports.length > 0) {
      const mailbox = await api.app.request(`${ORIGIN}/api/dev/mailbox?email=support@example.com`);
      const { messages } = (await mailbox.json()) as { messages: Array<{ text: string }> };
      for (const report of reports) {
        const copies = messages.filter((message) => message.text.includes(report)).length;
        if (copies !== 1) problems.push(`report "${report}" mailed ${copies} times`);
      }
    }
    return problems;
  }

  return { apply, settle, check, tokens: () => stored ?? options.tokens };
}
