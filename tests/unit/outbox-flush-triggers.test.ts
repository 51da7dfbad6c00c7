/**
 * The page's flush triggers send the whole queue at once, whatever backoff its
 * entries are in: a page load, `online`, the tab shown again, and any request the
 * server answers after sends had got no answer. Fake timers: no backoff timer ever
 * fires unless a test moves the clock, so a send proves the trigger made it; and a
 * test that moves the clock 30 s shows the timer alone catches up within the cap.
 * One module instance for the file (startSync runs once per page), tests in order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import { enqueueIntent, listEntries, replaceEntry } from '../../src/shared/outbox/outbox-repository.ts';
import { api } from '../../src/lib/api.ts';
import { refreshStore, startSync } from '../../src/stores/sync-actions.ts';
import { useSync } from '../../src/stores/sync-store.ts';
import { stubReportIssueServer } from './support/report-issue-fetch.ts';

let serverUp = true;
const delivered: string[] = [];
let ids = 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  serverUp = true;
  delivered.length = 0;
  stubReportIssueServer(() => serverUp, delivered);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Queues `messages` as entries deep in backoff: 20 failures behind them, next try 30 s away. */
async function queueBackedOff(...messages: string[]): Promise<number> {
  const db = await openDatabase();
  for (const message of messages) {
    const plan = await enqueueIntent(
      db,
      { kind: 'issue.report', target: `issue:t-${++ids}`, message },
      { userId: null, now: Date.now(), newId: () => `trigger-${++ids}` },
    );
    const entry = (await listEntries(db)).find((e) => e.id === plan.entryId)!;
    await replaceEntry(db, { ...entry, attempts: 20, nextAttemptAt: Date.now() + 30_000 });
  }
  await refreshStore();
  return Date.now() + 30_000;
}

/**
 * Real-time patience for work the fake clock does not drive (IndexedDB, the store).
 * "At once" is proven by the fake clock standing still, not by a wall-clock bound,
 * which a loaded CI host can stretch several times over.
 */
const patience = { timeout: 15_000 };

/** Waits (in real time, the fake clock standing still) until `messages` were delivered; returns the real ms it took. */
async function deliveredWithin(messages: string[]): Promise<number> {
  const started = performance.now();
  await vi.waitFor(() => expect(delivered).toEqual(expect.arrayContaining(messages)), patience);
  return performance.now() - started;
}

describe('outbox flush triggers', () => {
  it('a page load sends entries still in backoff at once', async () => {
    const due = await queueBackedOff('load-1', 'load-2', 'load-3');
    startSync();
    await deliveredWithin(['load-1', 'load-2', 'load-3']);
    expect(Date.now()).toBeLessThan(due); // no timer fired: the load did it
    expect(await listEntries(await openDatabase())).toEqual([]);
  });

  it('the online event sends entries still in backoff at once', async () => {
    await queueBackedOff('online-1', 'online-2');
    window.dispatchEvent(new Event('online'));
    await deliveredWithin(['online-1', 'online-2']);
  });

  it('the tab becoming visible sends entries still in backoff at once', async () => {
    await queueBackedOff('visible-1');
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await deliveredWithin(['visible-1']);
  });

  it('sends with no answer mark the server unreachable; the first good answer sends the queue at once', async () => {
    serverUp = false;
    await queueBackedOff('back-1', 'back-2', 'back-3');
    window.dispatchEvent(new Event('online')); // tried now, and fails for want of an answer
    await vi.waitFor(async () => {
      expect((await listEntries(await openDatabase())).every((e) => e.attempts === 21)).toBe(true);
      expect(useSync.getState()).toMatchObject({ online: true, reachable: false, pending: 3 });
    }, patience);
    const retryAt = useSync.getState().nextRetryAt!;
    expect(retryAt - Date.now()).toBeGreaterThanOrEqual(15_000);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(30_000);

    serverUp = true;
    await api.request('GET', '/me'); // any request the server answers
    const ms = await deliveredWithin(['back-1', 'back-2', 'back-3']);
    expect(Date.now()).toBeLessThan(retryAt); // no backoff timer fired: the good answer did it
    console.info(`queue of 3 sent ${Math.round(ms)} ms (real time) after the server answered again`);
    await vi.waitFor(() => expect(useSync.getState()).toMatchObject({ reachable: true, pending: 0 }), patience);
  });

  it('without any trigger, the backoff timer alone retries within 30 s', async () => {
    serverUp = false;
    await queueBackedOff('timer-1');
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useSync.getState()).toMatchObject({ reachable: false, pending: 1 }), patience);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(30_000);
    await deliveredWithin(['timer-1']);
  });
});
