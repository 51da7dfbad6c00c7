/**
 * While writes wait and sends get no answer, the page asks /api/health whether the server is
 * back: once a second while the tab is on screen (the queue then goes within about a second
 * of the server answering again), once every 15 s while it is hidden. Fake timers: only the
 * probe's own timer can make a request here, so counting /api/health calls counts probes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import { enqueueIntent, listEntries, replaceEntry } from '../../src/shared/outbox/outbox-repository.ts';
import { refreshStore, startSync } from '../../src/stores/sync-actions.ts';
import { useSync } from '../../src/stores/sync-store.ts';
import { stubReportIssueServer } from './support/report-issue-fetch.ts';

let serverUp = false;
let probes = 0;
const delivered: string[] = [];
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  stubReportIssueServer(
    () => serverUp,
    delivered,
    (path) => {
      if (path === '/api/health') probes += 1;
    },
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets the fake clock run `ms` in 100 ms steps, so each probe's promise settles before the next tick. */
async function runFor(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 100) await vi.advanceTimersByTimeAsync(100);
}

describe('the health probe while the server does not answer', () => {
  it('asks once a second on screen, once every 15 s hidden, and the queue goes at the first good answer', async () => {
    const db = await openDatabase();
    const plan = await enqueueIntent(
      db,
      { kind: 'issue.report', target: 'issue:probe-1', message: 'probe-1' },
      { userId: null, now: Date.now(), newId: () => 'probe-entry-1' },
    );
    const entry = (await listEntries(db)).find((e) => e.id === plan.entryId)!;
    await replaceEntry(db, { ...entry, attempts: 20, nextAttemptAt: Date.now() + 30_000 });
    await refreshStore();
    startSync(); // tries at once, gets no answer: the server counts as unreachable
    await vi.waitFor(() => expect(useSync.getState()).toMatchObject({ reachable: false, pending: 1 }));

    probes = 0;
    await runFor(10_000);
    expect(probes).toBeGreaterThanOrEqual(9);
    expect(probes).toBeLessThanOrEqual(10);

    visibility = 'hidden';
    probes = 0;
    await runFor(60_000);
    expect(probes).toBeGreaterThanOrEqual(3);
    expect(probes).toBeLessThanOrEqual(4);

    // Back on screen and the server answers: within a second one probe asks, and its answer sends the queue.
    visibility = 'visible';
    serverUp = true;
    probes = 0;
    await runFor(1_000);
    expect(probes).toBe(1);
    await expect.poll(() => delivered, { timeout: 4_000 }).toEqual(['probe-1']); // the fake clock stands still
    expect(probes).toBe(1);
  });
});
