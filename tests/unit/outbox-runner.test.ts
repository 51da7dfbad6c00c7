// @vitest-environment node
/**
 * The outbox runner against the real API app in-process (createApp over
 * PGlite): ordering, coalescing, retries with one Idempotency-Key, 412
 * conflicts, pauses. Each test names its records with its own prefix, since
 * the app (and the demo user's events) is shared by the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import { reduceEntry } from '../../src/shared/outbox/entry-reducer.ts';
import { readIdMap, replaceEntry } from '../../src/shared/outbox/outbox-repository.ts';
import { resolveConflictFields } from '../../src/shared/outbox/resolve-conflict.ts';
import type { TestApp } from '../api/support/test-app.ts';
import { createOutboxHarness } from './support/outbox-harness.ts';
import { connectRealServer, startOutboxApp, type Fault } from './support/outbox-real-server.ts';

let api: TestApp;
let testNo = 0;

beforeAll(async () => {
  api = await startOutboxApp();
});

afterAll(async () => {
  await api.close();
});

/** A connection to the app, a harness signed in as its user, and a title prefix of this test's own. */
async function setup(options: { fault?: (method: string, path: string) => Fault; concurrency?: number } = {}) {
  const server = await connectRealServer(api, options.fault ? { fault: options.fault } : {});
  const h = createOutboxHarness({
    fetch: server.fetch,
    tokens: server.tokens,
    userId: server.userId,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
  const prefix = `t${++testNo}-`;
  return { server, h, prefix, title: (name: string) => `${prefix}${name}` };
}

/** The server id a temporary target got once its create succeeded. */
async function idOf(tmp: string): Promise<number> {
  const id = (await readIdMap(await openDatabase()))[`event:tmp-${tmp}`];
  if (id === undefined) throw new Error(`event:tmp-${tmp} was never created`);
  return id;
}

const create = (tmp: string, title: string) =>
  ({ kind: 'event.create', target: `event:tmp-${tmp}`, fields: { title, is_recurring: false } }) as const;
const update = (id: number | string, fields: Record<string, string>, baseVersion?: number) =>
  ({
    kind: 'event.update',
    target: `event:${id}`,
    fields,
    ...(baseVersion === undefined ? {} : { baseVersion }),
  }) as const;

describe('outbox runner', () => {
  it('keeps an entry in IndexedDB until the server answered 2xx, then deletes it', async () => {
    const { server, h, prefix, title } = await setup();
    h.setOnline(false);
    await h.queue(create('a', title('Jazz night')));
    await h.flush();
    expect(await h.entries()).toHaveLength(1);
    expect(server.requests).toBe(0);
    h.setOnline(true);
    await h.flush();
    expect(await h.entries()).toHaveLength(0);
    expect((await server.titled(prefix)).map((e) => e.title)).toEqual([title('Jazz night')]);
  });

  it('coalesces repeated edits of an unsent record into one request', async () => {
    const { server, h, title } = await setup();
    await h.queue(create('a', title('v1')));
    await h.drain();
    const id = await idOf('a');
    h.setOnline(false);
    await h.queue(update(id, { title: title('v2') }, 1));
    await h.queue(update(id, { bio: 'hello' }, 1));
    await h.queue(update(id, { title: title('v3') }, 1));
    expect(await h.entries()).toHaveLength(1);
    h.setOnline(true);
    const before = server.requests;
    await h.drain();
    expect(server.requests - before).toBe(1);
    expect((await server.events()).get(id)).toMatchObject({ title: title('v3'), bio: 'hello', version: 2 });
  });

  it('cancels a create followed by a delete when neither was sent', async () => {
    const { server, h, title } = await setup();
    h.setOnline(false);
    await h.queue(create('a', title('Gone soon')));
    await h.queue(update('tmp-a', { title: title('Renamed') }));
    const plan = await h.queue({ kind: 'event.delete', target: 'event:tmp-a' });
    expect(plan.entryId).toBeNull();
    expect(await h.entries()).toHaveLength(0);
    h.setOnline(true);
    await h.drain();
    expect(server.requests).toBe(0);
  });

  it('remaps a temporary id after the create, including the recurring follow-up PUT', async () => {
    const { server, h, title } = await setup();
    // One business listing per account (409 otherwise): retire the demo one first.
    for (const event of (await server.events()).values())
      if (event.is_recurring) await server.deleteElsewhere(event.id);
    h.setOnline(false);
    await h.queue({ ...create('biz', title('My bar')), recurringFollowUp: { is_recurring: true, monday: true } });
    await h.queue(update('tmp-biz', { bio: 'Open late' }));
    h.setOnline(true);
    await h.drain();
    const id = await idOf('biz');
    expect((await server.events()).get(id)).toMatchObject({
      title: title('My bar'),
      monday: true,
      bio: 'Open late',
      version: 2,
    });
    expect(h.events).toContainEqual({ type: 'created', tempTarget: 'event:tmp-biz', id });
  });

  it('retries 503s and lost responses with the same Idempotency-Key, applying each write once', async () => {
    const faults: Fault[] = ['error', 'drop', 'drop', 'error'];
    const { server, h, prefix, title } = await setup({ fault: () => faults.shift() ?? 'none' });
    await h.queue(create('a', title('Once')));
    await h.flush(); // the create has been tried (503): a later edit cannot merge into it
    await h.queue(update('tmp-a', { title: title('Twice?') }));
    expect(await h.entries()).toHaveLength(2);
    await h.drain();
    const mine = await server.titled(prefix);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: title('Twice?'), version: 2 });
    expect([...server.applied.values()].every((count) => count === 1)).toBe(true);
  });

  it('backs off exponentially and honours Retry-After', async () => {
    const fetch = async () =>
      new Response('{"detail":"slow down"}', {
        status: 429,
        headers: { 'Retry-After': '120', 'Content-Type': 'application/json' },
      });
    const h = createOutboxHarness({ fetch });
    await h.queue(create('a', 'x'));
    const result = await h.flush();
    expect(result.nextWakeAt).toBe(h.now + 120_000);
    const [entry] = await h.entries();
    expect(entry).toMatchObject({ attempts: 1, lastError: 'slow down', status: 'queued' });
  });

  it('marks other 4xx as needing attention with the server detail and keeps the entry', async () => {
    const { h } = await setup();
    // A title of 300 characters: the real app refuses it (400) with its own sentence.
    await h.queue(create('a', 'x'.repeat(300)));
    await h.drain();
    h.advance(30 * 24 * 3600 * 1000);
    await h.drain();
    const entries = await h.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 'attention', attempts: 1 });
    expect(entries[0]?.lastError).toMatch(/at most 200 characters/);
    // Editing it reopens it with a new key (the server remembers its refusal under the old one).
    const oldKey = entries[0]?.key;
    await h.queue(update('tmp-a', { title: 'Fixed' }));
    const [edited] = await h.entries();
    expect(edited).toMatchObject({ status: 'queued', attempts: 0, intent: { fields: { title: 'Fixed' } } });
    expect(edited?.key).not.toBe(oldKey);
  });

  it('turns a 412 into a conflict with my values beside theirs', async () => {
    const { server, h, title } = await setup();
    await h.queue(create('a', title('Original')));
    await h.drain();
    const id = await idOf('a');
    await server.editElsewhere(id, { title: title('Theirs') });
    await h.queue(update(id, { title: title('Mine') }, 1));
    await h.drain();
    const [entry] = await h.entries();
    expect(entry?.attention).toEqual({
      kind: 'conflict',
      mine: { title: title('Mine') },
      theirs: { title: title('Theirs') },
      serverVersion: 2,
    });
    expect((await server.events()).get(id)?.title).toBe(title('Theirs'));
  });

  it('sends later edits against the version our own earlier edit produced (no false conflict)', async () => {
    const { server, h, title } = await setup();
    await h.queue(create('a', title('v1')));
    await h.drain();
    const id = await idOf('a');
    await h.queue(update(id, { title: title('v2') }, 1));
    await h.drain();
    // The editor still holds version 1: our own write made version 2.
    await h.queue(update(id, { title: title('v3') }, 1));
    await h.drain();
    expect(await h.entries()).toHaveLength(0);
    expect((await server.events()).get(id)).toMatchObject({ title: title('v3'), version: 3 });
  });

  it('treats 404 on a repeated delete as done', async () => {
    const { server, h, title } = await setup();
    await h.queue(create('a', title('x')));
    await h.drain();
    const id = await idOf('a');
    await server.deleteElsewhere(id);
    await h.queue({ kind: 'event.delete', target: `event:${id}` });
    await h.drain();
    expect(await h.entries()).toHaveLength(0);
  });

  it('never sends entries of another account, and keeps them', async () => {
    const { server, h, title } = await setup();
    await h.queue(create('a', title('Belongs to someone else')), server.userId + 1000);
    const result = await h.drain();
    expect(result.paused).toBe(true);
    expect(server.requests).toBe(0);
    expect(await h.entries()).toHaveLength(1);
  });

  it('keeps order within a record and runs at most three records at once', async () => {
    let inFlight = 0;
    let peak = 0;
    const { server, prefix, title } = await setup();
    // Requests wait until three are in flight (or 2 s pass), so the peak does not
    // depend on how fast a loaded machine answers the first ones.
    let threeInFlight!: () => void;
    const gate = new Promise<void>((resolve) => (threeInFlight = resolve));
    const fetch = async (input: string, init: RequestInit) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      if (inFlight === 3) threeInFlight();
      await Promise.race([gate, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      const response = await server.fetch(input, init);
      inFlight -= 1;
      return response;
    };
    const h = createOutboxHarness({ fetch, tokens: server.tokens, userId: server.userId });
    h.setOnline(false);
    for (let i = 0; i < 6; i += 1) await h.queue(create(String(i), title(`e${i}`)));
    await h.queue({ kind: 'event.delete', target: 'event:tmp-0' }); // unsent create: cancelled
    h.setOnline(true);
    await h.drain();
    expect(peak).toBe(3);
    expect(await server.titled(prefix)).toHaveLength(5);
  });

  it('pauses without deleting anything when the session ends (refresh refused)', async () => {
    const fetch = async () =>
      new Response('{"detail":"Please log in."}', { status: 401, headers: { 'Content-Type': 'application/json' } });
    const h = createOutboxHarness({ fetch });
    await h.queue(create('a', 'Kept'));
    const result = await h.drain();
    expect(result.paused).toBe(true);
    expect(await h.entries()).toMatchObject([{ status: 'queued', intent: { fields: { title: 'Kept' } } }]);
  });

  it('survives a reload: a new runner over the same IndexedDB sends what the old one queued, once', async () => {
    const { server, h, prefix, title } = await setup();
    h.setOnline(false);
    await h.queue(create('a', title('Before reload')));
    h.restart();
    h.setOnline(true);
    await h.drain();
    await h.drain();
    expect((await server.titled(prefix)).map((event) => event.title)).toEqual([title('Before reload')]);
  });

  it('resolves a conflict field by field and sends the choice against the server’s version', async () => {
    const { server, h, title } = await setup();
    await h.queue(create('a', title('Original')));
    await h.drain();
    const id = await idOf('a');
    await server.editElsewhere(id, { title: title('Theirs'), bio: 'Their bio' });
    await h.queue(update(id, { title: title('Mine'), bio: 'My bio' }, 1));
    await h.drain();
    const [entry] = await h.entries();
    if (entry?.attention?.kind !== 'conflict') throw new Error('expected a conflict');
    const fields = resolveConflictFields(entry.attention.mine, { title: 'mine', bio: 'theirs' });
    const resolved = reduceEntry(entry, {
      type: 'resolved',
      fields,
      baseVersion: entry.attention.serverVersion,
      key: 'k2',
    });
    await replaceEntry(await openDatabase(), resolved);
    await h.drain();
    expect(await h.entries()).toHaveLength(0);
    expect((await server.events()).get(id)).toMatchObject({ title: title('Mine'), bio: 'Their bio', version: 3 });
  });

  it('hands back the written record, parsed by the contract, in the outcome', async () => {
    const { h, title } = await setup();
    await h.queue(create('a', title('Typed')));
    await h.drain();
    const outcome = h.events.find((event) => event.type === 'outcome');
    expect(outcome).toMatchObject({
      type: 'outcome',
      outcome: {
        kind: 'sent',
        status: 201,
        result: { kind: 'event', event: { id: await idOf('a'), title: title('Typed') } },
      },
    });
  });
});
