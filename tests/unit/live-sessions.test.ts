/**
 * The short memory of live sessions behind the per-request session check:
 * answers expire after the TTL, a session-ending request forgets everything,
 * a check that was in flight when a session ended does not write back, and
 * the memory stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { LiveSessions, sessionKey, type LiveSession } from '../../server/services/live-sessions.ts';

/** A renewal check the test answers by hand. */
function manualCheck() {
  const calls: { sessions: LiveSession[]; at: number; answer: (alive: string[]) => void; fail: () => void }[] = [];
  const check = (sessions: LiveSession[], at: number) =>
    new Promise<Set<string>>((resolve, reject) => {
      calls.push({ sessions, at, answer: (alive) => resolve(new Set(alive)), fail: () => reject(new Error('down')) });
    });
  return { calls, check };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('live sessions memory', () => {
  it('remembers a live session for the TTL only', () => {
    const live = new LiveSessions(2_000);
    expect(live.knownAlive(1, 'a', 0)).toBe(false);
    live.remember(1, 'a', 0, live.begin());
    expect(live.knownAlive(1, 'a', 1_999)).toBe(true);
    expect(live.knownAlive(1, 'b', 1_999)).toBe(false);
    expect(live.knownAlive(2, 'a', 1_999)).toBe(false);
    expect(live.knownAlive(1, 'a', 2_000)).toBe(false);
    expect(live.size).toBe(0);
  });

  it('forgets everything when a session may have ended, including checks still in flight', () => {
    const live = new LiveSessions(2_000);
    live.remember(1, 'a', 0, live.begin());
    const inFlight = live.begin();
    live.forgetAll();
    expect(live.knownAlive(1, 'a', 1)).toBe(false);
    live.remember(1, 'b', 1, inFlight); // began before the logout: may be stale
    expect(live.knownAlive(1, 'b', 2)).toBe(false);
    live.remember(1, 'b', 3, live.begin());
    expect(live.knownAlive(1, 'b', 4)).toBe(true);
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const live = new LiveSessions(2_000, 3);
    for (const id of ['a', 'b', 'c', 'd']) live.remember(1, id, 0, live.begin());
    expect(live.size).toBe(3);
    expect(live.knownAlive(1, 'a', 1)).toBe(false);
    expect(live.knownAlive(1, 'd', 1)).toBe(true);
  });

  it('renews sessions in steady use in one check, in the background, so they never lapse', async () => {
    const live = new LiveSessions(2_000);
    const { calls, check } = manualCheck();
    live.remember(1, 'a', 0, live.begin());
    live.remember(2, 'b', 0, live.begin());
    live.remember(3, 'idle', 0, live.begin());
    expect(live.knownAlive(1, 'a', 500)).toBe(true); // first quarter: nothing due
    live.renewInBackground(500, check);
    expect(calls).toHaveLength(0);
    expect(live.knownAlive(1, 'a', 1_200)).toBe(true);
    expect(live.knownAlive(2, 'b', 1_300)).toBe(true);
    live.renewInBackground(1_300, check);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.sessions).toEqual([
      { userId: 1, sessionId: 'a' },
      { userId: 2, sessionId: 'b' },
    ]);
    calls[0]!.answer([sessionKey(1, 'a')]); // b's session ended meanwhile
    await settle();
    expect(live.knownAlive(1, 'a', 3_000)).toBe(true); // renewed from the check's start: until 3,300
    expect(live.knownAlive(1, 'a', 3_300)).toBe(false);
    expect(live.knownAlive(2, 'b', 1_400)).toBe(false); // dead: checked one by one from now on
    expect(live.knownAlive(3, 'idle', 2_000)).toBe(false); // not used since its first check: lapses
  });

  it('runs one renewal at a time, at most every quarter of the TTL, and survives a failed one', async () => {
    const live = new LiveSessions(2_000);
    const { calls, check } = manualCheck();
    live.remember(1, 'a', 0, live.begin());
    live.remember(1, 'b', 0, live.begin());
    live.knownAlive(1, 'a', 1_100);
    live.renewInBackground(1_100, check);
    live.knownAlive(1, 'b', 1_200);
    live.renewInBackground(1_200, check); // one is running
    expect(calls).toHaveLength(1);
    calls[0]!.fail();
    await settle();
    live.renewInBackground(1_300, check); // less than 500 ms after the last one began
    expect(calls).toHaveLength(1);
    live.renewInBackground(1_600, check);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.sessions).toEqual([{ userId: 1, sessionId: 'b' }]);
    expect(live.knownAlive(1, 'a', 1_999)).toBe(true); // the failed renewal changed nothing
    expect(live.knownAlive(1, 'a', 2_000)).toBe(false);
  });

  it('drops a renewal that was in flight when a session ended', async () => {
    const live = new LiveSessions(2_000);
    const { calls, check } = manualCheck();
    live.remember(1, 'a', 0, live.begin());
    live.knownAlive(1, 'a', 1_500);
    live.renewInBackground(1_500, check);
    live.forgetAll();
    live.remember(1, 'a', 1_600, live.begin()); // checked again after the logout
    calls[0]!.answer([sessionKey(1, 'a')]);
    await settle();
    expect(live.knownAlive(1, 'a', 3_599)).toBe(true);
    expect(live.knownAlive(1, 'a', 3_600)).toBe(false); // not moved by the stale renewal
  });
});
