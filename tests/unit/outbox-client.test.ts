/**
 * The outbox client built by its factory with fake clock, network, storage and
 * transport: one snapshot carries the summary, the entry views and the
 * per-record state, and they agree with the card overlay (one rank table).
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/shared/api/api-client.ts';
import { createLocalLocks } from '../../src/shared/api/locks.ts';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import { createOutboxClient, type OutboxSnapshot } from '../../src/shared/outbox/outbox-client.ts';
import { overlayEvents } from '../../src/shared/outbox/overlay.ts';
import { enqueueIntent } from '../../src/shared/outbox/outbox-repository.ts';
import type { OutboxEntryView } from '../../src/shared/outbox/overlay.ts';
import { summariseOutbox } from '../../src/shared/outbox/outbox-summary.ts';
import type { OutboxEntry } from '../../src/shared/outbox/entry.ts';

function build(options: { online?: boolean } = {}) {
  let online = options.online ?? true;
  let ids = 0;
  const snapshots: OutboxSnapshot[] = [];
  const timers: Array<() => void> = [];
  const client = createOutboxClient({
    clock: {
      now: () => 1_000,
      random: () => 0.5,
      setTimer: (task) => {
        timers.push(task);
        return () => undefined;
      },
    },
    network: { isOnline: () => online },
    storage: { database: openDatabase, currentUserId: async () => 7, newId: () => `c-${++ids}` },
    transport: createApiClient({
      locks: createLocalLocks(),
      tokens: { read: async () => ({ access: 'a', refresh: 'r' }), write: async () => {}, clear: async () => {} },
      fetch: async () =>
        new Response('{"detail":"Busy."}', { status: 503, headers: { 'Content-Type': 'application/json' } }),
    }),
    locks: createLocalLocks(),
    publish: (snapshot) => snapshots.push(snapshot),
  });
  return { client, snapshots, setOnline: (value: boolean) => (online = value), last: () => snapshots.at(-1)! };
}

describe('outbox client', () => {
  it('publishes one snapshot with summary, entry views and per-record state that agree', async () => {
    const { client, last } = build({ online: false });
    await client.queueWrite({ kind: 'event.create', target: 'event:tmp-a', fields: { title: 'Gig' } }, 7);
    await client.queueWrite({ kind: 'profile.update', target: 'profile', fields: { bio: 'Hi' } }, 7);
    const snapshot = last();
    expect(snapshot.pending).toBe(2);
    expect(snapshot.views.map((view) => view.target)).toEqual(['event:tmp-a', 'profile']);
    expect(snapshot.byTarget['event:tmp-a']?.state).toBe('pending');
    expect(snapshot.online).toBe(false);
  });

  it('a transient failure backs off with injected jitter and stays queued', async () => {
    const { client, last } = build();
    const queued = await client.queueWrite(
      { kind: 'event.create', target: 'event:tmp-b', fields: { title: 'Gig' } },
      7,
    );
    expect(await queued.firstAttempt).toMatchObject({ kind: 'deferred', reason: 'retrying', status: 503 });
    await client.refresh();
    expect(last().views[0]).toMatchObject({ state: 'pending', lastError: 'Busy.', attempts: 1 });
    const [entry] = await (await openDatabase()).getAll('outbox');
    // attempts 1 → step 250 ms; jitter 0.5 → 125 + 62.5.
    expect(entry?.nextAttemptAt).toBe(1_000 + 187.5);
  });

  it('refreshes asked for while one reads share one more read, and each still sees its own change', async () => {
    const { client, snapshots } = build({ online: false });
    await client.queueWrite({ kind: 'event.create', target: 'event:tmp-a', fields: { title: 'One' } }, 7);
    const before = snapshots.length;
    // A drain asks three times per sent entry (sending, outcome, changed): ten asks, two reads.
    const asked = Array.from({ length: 10 }, () => client.refresh());
    await Promise.all(asked);
    expect(snapshots.length - before).toBe(2);
    // A change made while a read is under way is in the snapshot of a refresh asked for after it.
    const reading = client.refresh();
    const db = await openDatabase();
    await enqueueIntent(
      db,
      { kind: 'event.create', target: 'event:tmp-b', fields: { title: 'Two' } },
      {
        userId: 7,
        now: 1_000,
        newId: () => `direct-${Math.random()}`,
      },
    );
    const after = await client.refresh();
    await reading;
    expect(after.pending).toBe(2);
    expect(snapshots.at(-1)?.pending).toBe(2);
  });

  it('logging out anyway discards only that account’s writes, through the repository', async () => {
    const { client, last } = build({ online: false });
    await client.queueWrite({ kind: 'event.create', target: 'event:tmp-a', fields: { title: 'Mine' } }, 7);
    await client.queueWrite({ kind: 'event.create', target: 'event:tmp-b', fields: { title: 'Theirs' } }, 8);
    expect(await client.countEntriesOf(7)).toBe(1);
    await client.discardEntriesOf(7);
    expect(last().views.map((view) => view.fields.title)).toEqual(['Theirs']);
  });
});

describe('one rank table', () => {
  it('a record being sent with a later edit pending shows the same state on its card and in the sync summary', () => {
    const entry = (id: string, seq: number): OutboxEntry => ({
      id,
      seq,
      key: id,
      target: 'event:5',
      userId: 7,
      intent: { kind: 'event.update', target: 'event:5', fields: { title: id } },
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      status: 'queued',
      attention: null,
      lastError: null,
      inheritsVersion: false,
    });
    const summary = summariseOutbox([entry('first', 1), entry('second', 2)], {
      userId: 7,
      sending: new Set(['first']),
      now: 0,
    });
    const views: OutboxEntryView[] = summary.views;
    const [card] = overlayEvents([{ id: 5, title: 'Old' }], views);
    expect(summary.byTarget['event:5']?.state).toBe('sending');
    expect(card?.syncState).toBe(summary.byTarget['event:5']?.state);
  });
});
