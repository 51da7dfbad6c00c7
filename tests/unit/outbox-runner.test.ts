import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import { reduceEntry } from '../../src/shared/outbox/entry-reducer.ts';
import { replaceEntry } from '../../src/shared/outbox/outbox-repository.ts';
import { resolveConflictFields } from '../../src/shared/outbox/resolve-conflict.ts';
import { createContractServer, type Fault } from './support/outbox-contract-server.ts';
import { createOutboxHarness } from './support/outbox-harness.ts';

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
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch });
    h.setOnline(false);
    await h.queue(create('a', 'Jazz night'));
    await h.flush();
    expect(await h.entries()).toHaveLength(1);
    expect(server.requests).toBe(0);
    h.setOnline(true);
    await h.flush();
    expect(await h.entries()).toHaveLength(0);
    expect([...server.events.values()].map((e) => e.title)).toEqual(['Jazz night']);
  });

  it('coalesces repeated edits of an unsent record into one request', async () => {
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch });
    await h.queue(create('a', 'v1'));
    await h.drain();
    h.setOnline(false);
    await h.queue(update(1, { title: 'v2' }, 1));
    await h.queue(update(1, { bio: 'hello' }, 1));
    await h.queue(update(1, { title: 'v3' }, 1));
    expect(await h.entries()).toHaveLength(1);
    h.setOnline(true);
    const before = server.requests;
    await h.drain();
    expect(server.requests - before).toBe(1);
    expect(server.events.get(1)).toMatchObject({ title: 'v3', bio: 'hello', version: 2 });
  });

  it('cancels a create followed by a delete when neither was sent', async () => {
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch });
    h.setOnline(false);
    await h.queue(create('a', 'Gone soon'));
    await h.queue(update('tmp-a', { title: 'Renamed' }));
    const plan = await h.queue({ kind: 'event.delete', target: 'event:tmp-a' });
    expect(plan.entryId).toBeNull();
    expect(await h.entries()).toHaveLength(0);
    h.setOnline(true);
    await h.drain();
    expect(server.requests).toBe(0);
  });

  it('remaps a temporary id after the create, including the recurring follow-up PUT', async () => {
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch });
    h.setOnline(false);
    await h.queue({ ...create('biz', 'My bar'), recurringFollowUp: { is_recurring: true, monday: true } });
    await h.queue(update('tmp-biz', { bio: 'Open late' }));
    h.setOnline(true);
    await h.drain();
    expect(server.events.get(1)).toMatchObject({ title: 'My bar', monday: 'true', bio: 'Open late', version: 2 });
    expect(h.events).toContainEqual({ type: 'created', tempTarget: 'event:tmp-biz', id: 1 });
  });

  it('retries 503s and lost responses with the same Idempotency-Key, applying each write once', async () => {
    const faults: Fault[] = ['error', 'drop', 'drop', 'error'];
    const server = createContractServer({ fault: () => faults.shift() ?? 'none' });
    const h = createOutboxHarness({ fetch: server.fetch });
    await h.queue(create('a', 'Once'));
    await h.flush(); // the create has been tried (503): a later edit cannot merge into it
    await h.queue(update('tmp-a', { title: 'Twice?' }));
    expect(await h.entries()).toHaveLength(2);
    await h.drain();
    expect(server.events.size).toBe(1);
    expect(server.events.get(1)).toMatchObject({ title: 'Twice?', version: 2 });
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
    const fetch = async () =>
      new Response('{"detail":"Title is required."}', { status: 400, headers: { 'Content-Type': 'application/json' } });
    const h = createOutboxHarness({ fetch });
    await h.queue(create('a', ''));
    await h.drain();
    h.advance(30 * 24 * 3600 * 1000);
    await h.drain();
    const entries = await h.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 'attention', lastError: 'Title is required.', attempts: 1 });
    // Editing it reopens it with a new key (the server remembers its refusal under the old one).
    const oldKey = entries[0]?.key;
    await h.queue(update('tmp-a', { title: 'Fixed' }));
    const [edited] = await h.entries();
    expect(edited).toMatchObject({ status: 'queued', attempts: 0, intent: { fields: { title: 'Fixed' } } });
    expect(edited?.key).not.toBe(oldKey);
  });

  it('turns a 412 into a conflict with my values beside theirs', async () => {
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch });
    await h.queue(create('a', 'Original'));
    await h.drain();
    server.editElsewhere(1, { title: 'Theirs' });
    await h.queue(update(1, { title: 'Mine' }, 1));
    await h.drain();
    const [entry] = await h.entries();
    expect(entry?.attention).toEqual({
      kind: 'conflict',
      mine: { title: 'Mine' },
      theirs: { title: 'Theirs' },
      serverVersion: 2,
    });
    expect(server.events.get(1)?.title).toBe('Theirs');
  });

  it('sends later edits against the version our own earlier edit produced (no false conflict)', async () => {
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch });
    await h.queue(create('a', 'v1'));
    await h.drain();
    await h.queue(update(1, { title: 'v2' }, 1));
    await h.drain();
    // The editor still holds version 1: our own write made version 2.
    await h.queue(update(1, { title: 'v3' }, 1));
    await h.drain();
    expect(await h.entries()).toHaveLength(0);
    expect(server.events.get(1)).toMatchObject({ title: 'v3', version: 3 });
  });

  it('treats 404 on a repeated delete as done', async () => {
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch });
    await h.queue(create('a', 'x'));
    await h.drain();
    server.events.delete(1);
    await h.queue({ kind: 'event.delete', target: 'event:1' });
    await h.drain();
    expect(await h.entries()).toHaveLength(0);
  });

  it('never sends entries of another account, and keeps them', async () => {
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch, userId: 8 });
    await h.queue(create('a', 'Belongs to 7'), 7);
    const result = await h.drain();
    expect(result.paused).toBe(true);
    expect(server.requests).toBe(0);
    expect(await h.entries()).toHaveLength(1);
  });

  it('keeps order within a record and runs at most three records at once', async () => {
    let inFlight = 0;
    let peak = 0;
    const order: string[] = [];
    const server = createContractServer();
    const fetch = async (input: string, init: RequestInit) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const response = await server.fetch(input, init);
      order.push(`${init.method} ${new URL(input, 'http://x').pathname}`);
      inFlight -= 1;
      return response;
    };
    const h = createOutboxHarness({ fetch });
    h.setOnline(false);
    for (let i = 0; i < 6; i += 1) await h.queue(create(String(i), `e${i}`));
    await h.queue({ kind: 'event.delete', target: 'event:tmp-0' }); // unsent create: cancelled
    h.setOnline(true);
    await h.drain();
    expect(peak).toBe(3);
    expect(server.events.size).toBe(5);
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
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch });
    h.setOnline(false);
    await h.queue(create('a', 'Before reload'));
    h.restart();
    h.setOnline(true);
    await h.drain();
    await h.drain();
    expect([...server.events.values()].map((event) => event.title)).toEqual(['Before reload']);
  });

  it('resolves a conflict field by field and sends the choice against the server’s version', async () => {
    const server = createContractServer();
    const h = createOutboxHarness({ fetch: server.fetch });
    await h.queue(create('a', 'Original'));
    await h.drain();
    server.editElsewhere(1, { title: 'Theirs', bio: 'Their bio' });
    await h.queue(update(1, { title: 'Mine', bio: 'My bio' }, 1));
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
    expect(server.events.get(1)).toMatchObject({ title: 'Mine', bio: 'Their bio', version: 3 });
  });
});
