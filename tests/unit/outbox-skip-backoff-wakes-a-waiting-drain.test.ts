/**
 * A drain that waits in place for an entry's backoff (up to MAX_INLINE_WAIT_MS) does not hold
 * back a sign that the server is back: a flush that skips the backoff while it waits makes
 * it send that entry now — not when its wait ends, nor in a second drain after it. Real
 * timers: the wait is a real sleep, as in the page.
 */
import { describe, expect, it } from 'vitest';
import { createLocalLocks } from '../../src/shared/api/locks.ts';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import { enqueueIntent, listEntries, replaceEntry } from '../../src/shared/outbox/outbox-repository.ts';
import { createOutboxRunner, MAX_INLINE_WAIT_MS } from '../../src/shared/outbox/outbox-runner.ts';

describe('a drain waiting for a backoff', () => {
  it('sends the waiting entry at once when a flush skips the backoff meanwhile', async () => {
    const db = await openDatabase();
    const delivered: { message: string; at: number }[] = [];
    let ids = 0;
    for (const message of ['waits', 'due']) {
      const plan = await enqueueIntent(
        db,
        { kind: 'issue.report', target: `issue:${message}`, message },
        { userId: null, now: Date.now(), newId: () => `wake-${++ids}` },
      );
      if (message === 'waits') {
        const entry = (await listEntries(db)).find((e) => e.id === plan.entryId)!;
        // One failure behind it: its next try is 4 s away, within what a drain waits for in place.
        await replaceEntry(db, { ...entry, attempts: 1, nextAttemptAt: Date.now() + MAX_INLINE_WAIT_MS - 1_000 });
      }
    }
    const runner = createOutboxRunner({
      database: openDatabase,
      transport: {
        request: async (_method, _path, options) => {
          const { message } = options?.json as { message: string };
          delivered.push({ message, at: Date.now() });
          return { status: 201, headers: new Headers(), data: { id: delivered.length, detail: 'Thanks.' } };
        },
      },
      now: () => Date.now(),
      random: () => 0.5,
      isOnline: () => true,
      currentUserId: async () => null,
      locks: createLocalLocks(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });

    const first = runner.flush();
    await expect.poll(() => delivered.map((d) => d.message)).toEqual(['due']);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the drain now waits for "waits"
    const askedAt = Date.now();
    const second = runner.flush({ skipBackoff: true });
    await expect.poll(() => delivered.map((d) => d.message), { timeout: 2_000 }).toEqual(['due', 'waits']);
    expect(delivered[1]!.at - askedAt).toBeLessThan(1_000);
    await Promise.all([first, second]);
    expect(await listEntries(db)).toEqual([]);
    expect(delivered).toHaveLength(2); // each sent once
  });
});
