/**
 * Publishing offline: a draft created and then published while
 * offline is one queued create whose fields end as status "published" and
 * carry the listing fields; the card shows the published, pending record;
 * and publishing a server draft offline overlays its status until it syncs.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/shared/outbox/entry.ts';
import type { WriteIntent } from '../../src/shared/outbox/intent.ts';
import { overlayEvents, toEntryView } from '../../src/shared/outbox/overlay.ts';
import { planEnqueue, type NewEntryFactory } from '../../src/shared/outbox/plan-enqueue.ts';
import { eventRecord } from '../support/event-record.ts';

function factory(): NewEntryFactory {
  let n = 0;
  const make = ((intent: WriteIntent, options?: { inheritsVersion?: boolean }): OutboxEntry => ({
    id: `e${++n}`,
    seq: n,
    key: `k${n}`,
    target: intent.target,
    userId: 7,
    intent,
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    status: 'queued',
    attention: null,
    lastError: null,
    inheritsVersion: options?.inheritsVersion ?? false,
  })) as NewEntryFactory;
  make.newKey = () => `fresh${++n}`;
  return make;
}

const view = (entry: OutboxEntry) => toEntryView(entry, { sending: false, paused: false });

describe('publishing offline', () => {
  it('folds Publish into the unsent draft create: one create, published, with its listing fields', () => {
    const make = factory();
    const draft = make({
      kind: 'event.create',
      target: 'event:tmp-1',
      fields: { title: 'Warehouse', ticket_url: 'https://t.example/x', price: '12', currency: 'EUR', status: 'draft' },
    });
    const plan = planEnqueue(
      [draft],
      { kind: 'event.update', target: 'event:tmp-1', fields: { status: 'published' } },
      make,
    );
    expect(plan.put).toHaveLength(1);
    expect(plan.put[0]!.intent).toMatchObject({
      kind: 'event.create',
      fields: {
        title: 'Warehouse',
        ticket_url: 'https://t.example/x',
        price: '12',
        currency: 'EUR',
        status: 'published',
      },
    });
    const [shown] = overlayEvents([], plan.put.map(view));
    expect(shown).toMatchObject({ title: 'Warehouse', status: 'published', price: '12', syncState: 'pending' });
  });

  it('shows a server draft as published (pending) until the queued Publish syncs', () => {
    const make = factory();
    const publish = make({ kind: 'event.update', target: 'event:12', baseVersion: 3, fields: { status: 'published' } });
    const [shown] = overlayEvents([eventRecord({ status: 'draft' })], [view(publish)]);
    expect(shown).toMatchObject({ id: 12, status: 'published', syncState: 'pending' });
  });
});
