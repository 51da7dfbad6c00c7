/**
 * The runner's "send now, backoff or not" flush (a trigger): every queued entry
 * is tried once, and each write goes once however many triggers pile up while
 * a flush runs (per-record order is the runner's, tests/unit/outbox-runner.test.ts); an entry that fails again backs off as usual instead
 * of being retried in a loop.
 */
import { describe, expect, it } from 'vitest';
import { createLocalLocks } from '../../src/shared/api/locks.ts';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import { enqueueIntent, listEntries, replaceEntry } from '../../src/shared/outbox/outbox-repository.ts';
import { createOutboxRunner } from '../../src/shared/outbox/outbox-runner.ts';

const NOW = 1_000_000;
let ids = 0;

async function queueBackedOff(messages: string[]): Promise<void> {
  const db = await openDatabase();
  for (const message of messages) {
    const plan = await enqueueIntent(
      db,
      { kind: 'issue.report', target: `issue:${message}`, message },
      { userId: null, now: NOW, newId: () => `skip-${++ids}` },
    );
    const entry = (await listEntries(db)).find((e) => e.id === plan.entryId)!;
    await replaceEntry(db, { ...entry, attempts: 20, nextAttemptAt: NOW + 30_000 });
  }
}

function runnerWith(answer: (message: string) => Promise<void>) {
  const sent: string[] = [];
  let drains = 0;
  const runner = createOutboxRunner({
    database: async () => {
      drains += 1;
      return openDatabase();
    },
    transport: {
      request: async (_method, _path, options) => {
        const { message } = options?.json as { message: string };
        await answer(message);
        sent.push(message);
        return { status: 201, headers: new Headers(), data: { id: sent.length, detail: 'Thanks.' } };
      },
    },
    now: () => NOW,
    random: () => 0.5,
    isOnline: () => true,
    currentUserId: async () => null,
    locks: createLocalLocks(),
  });
  return { runner, sent, drains: () => drains };
}

describe('outbox flush that skips backoff', () => {
  it('leaves backed-off entries alone on a plain flush', async () => {
    await queueBackedOff(['a', 'b']);
    const { runner, sent } = runnerWith(async () => {});
    const result = await runner.flush();
    expect(sent).toEqual([]);
    expect(result.nextWakeAt).toBe(NOW + 30_000);
  });

  it('sends every backed-off entry once however many triggers arrive meanwhile', async () => {
    await queueBackedOff(['a1', 'a2', 'a3', 'b1', 'c1']);
    const { runner, sent, drains } = runnerWith(() => new Promise((resolve) => setTimeout(resolve, 5)));
    await Promise.all(Array.from({ length: 10 }, () => runner.flush({ skipBackoff: true })));
    expect([...sent].sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
    expect(drains()).toBe(2); // the first flush, and one more for all the triggers during it
    expect(await listEntries(await openDatabase())).toEqual([]);
  });

  it('tries each entry once per trigger when the server still does not answer, then backs off', async () => {
    await queueBackedOff(['x', 'y']);
    let tries = 0;
    const { runner } = runnerWith(async () => {
      tries += 1;
      throw new TypeError('Failed to fetch');
    });
    const result = await runner.flush({ skipBackoff: true });
    expect(tries).toBe(2);
    const entries = await listEntries(await openDatabase());
    expect(entries.map((e) => e.attempts)).toEqual([21, 21]);
    expect(entries.every((e) => e.nextAttemptAt > NOW && e.nextAttemptAt <= NOW + 30_000)).toBe(true);
    expect(result.nextWakeAt).not.toBeNull();
  });
});
