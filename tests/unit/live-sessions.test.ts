/**
 * The short memory of live sessions behind the per-request session check:
 * answers expire after the TTL, a session-ending request forgets everything,
 * a check that was in flight when a session ended does not write back, and
 * the memory stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { LiveSessions } from '../../server/services/live-sessions.ts';

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
});
