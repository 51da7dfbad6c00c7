import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/shared/outbox/entry.ts';
import type { WriteIntent } from '../../src/shared/outbox/intent.ts';
import { planEnqueue, type NewEntryFactory } from '../../src/shared/outbox/plan-enqueue.ts';

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

const update = (title: string, baseVersion = 3): WriteIntent => ({
  kind: 'event.update',
  target: 'event:12',
  baseVersion,
  fields: { title },
});

describe('coalescing queued writes', () => {
  it('merges an edit into an unsent edit of the same record, keeping its key and base version', () => {
    const make = factory();
    const first = make(update('a'));
    const plan = planEnqueue(
      [first],
      { kind: 'event.update', target: 'event:12', baseVersion: 4, fields: { bio: 'x' } },
      make,
    );
    expect(plan.put).toEqual([{ ...first, intent: { ...first.intent, fields: { title: 'a', bio: 'x' } } }]);
  });

  it('never changes an entry that was sent (it may have been applied): the edit queues behind it', () => {
    const make = factory();
    const sent = { ...make(update('a')), attempts: 1 };
    const plan = planEnqueue([sent], update('b'), make);
    expect(plan.put).toHaveLength(1);
    expect(plan.put[0]).toMatchObject({ id: 'e2', inheritsVersion: true, intent: { fields: { title: 'b' } } });
  });

  it('reopens a refused entry with the edit and a new key', () => {
    const make = factory();
    const refused: OutboxEntry = {
      ...make(update('a')),
      attempts: 1,
      status: 'attention',
      attention: { kind: 'rejected', status: 400, detail: 'Bad title' },
    };
    const [reopened] = planEnqueue([refused], update('b'), make).put;
    expect(reopened).toMatchObject({ id: 'e1', attempts: 0, status: 'queued', attention: null, key: 'fresh2' });
  });

  it('cancels an unsent create and everything queued behind it when the record is deleted', () => {
    const make = factory();
    const create = make({ kind: 'event.create', target: 'event:tmp-1', fields: { title: 'x' } });
    const edit = make({ kind: 'event.update', target: 'event:tmp-1', fields: { title: 'y' } });
    const plan = planEnqueue([create, edit], { kind: 'event.delete', target: 'event:tmp-1' }, make);
    expect(plan).toEqual({ put: [], remove: ['e1', 'e2'], entryId: null });
  });

  it('keeps a create that may have been applied and queues the delete behind it, dropping unsent edits', () => {
    const make = factory();
    const create = { ...make({ kind: 'event.create', target: 'event:tmp-1', fields: { title: 'x' } }), attempts: 1 };
    const edit = make({ kind: 'event.update', target: 'event:tmp-1', fields: { title: 'y' } });
    const plan = planEnqueue([create, edit], { kind: 'event.delete', target: 'event:tmp-1' }, make);
    expect(plan.remove).toEqual(['e2']);
    expect(plan.put.map((entry) => entry.intent.kind)).toEqual(['event.delete']);
  });

  it('splits a recurring create into the create and a dependent follow-up PUT', () => {
    const make = factory();
    const plan = planEnqueue(
      [],
      { kind: 'event.create', target: 'event:tmp-b', fields: { title: 'Bar' }, recurringFollowUp: { monday: true } },
      make,
    );
    expect(plan.put.map((entry) => [entry.intent.kind, entry.inheritsVersion])).toEqual([
      ['event.create', false],
      ['event.update', true],
    ]);
    expect(plan.put[0]?.intent).not.toHaveProperty('recurringFollowUp');
  });

  it('keeps one entry when the same issue report is submitted again, and tries it now', () => {
    const make = factory();
    const report = {
      ...make({ kind: 'issue.report', target: 'issue:abc', message: 'It is broken again' }),
      nextAttemptAt: 99,
    };
    const plan = planEnqueue(
      [report],
      { kind: 'issue.report', target: 'issue:abc', message: 'It is broken again' },
      make,
    );
    expect(plan.put).toEqual([{ ...report, nextAttemptAt: 0 }]);
  });
});
