/**
 * A short memory of sessions found alive, so a signed-in request costs no
 * database round trip for its session check most of the time (lists and
 * writes under load, decision 010).
 *
 * Bounds on staleness:
 * - in this process, none: every request that can end a session (logout,
 *   password reset or change, email change, a refresh refused for reuse)
 *   forgets everything it knew when it finishes, and a check that was in
 *   flight meanwhile does not write its answer back (the generation count);
 * - on another instance, at most `ttlMs` (2 s by default): a token whose
 *   session ended there keeps working here that long. Before sessions were
 *   checked at all, a token lived its whole 15 minutes.
 *
 * Sessions in steady use are renewed in the background, many in one
 * statement (`renewInBackground`): a session used after the first quarter of
 * its time is checked again with the others due, at most every quarter of
 * the TTL, while requests go on with the answer they have. So a session used
 * at least every second and a half or so never lapses. Without it, about one
 * request in five paid a round trip of its own for the check, however busy its
 * session. A renewal asks the database as of its start and keeps
 * the answer `ttlMs` from then, so the bound above holds.
 *
 * Bounded in memory: at most `maxEntries`; when full, the oldest go first.
 * A renewal carries at most `maxBatch` sessions.
 */

export interface LiveSession {
  userId: number;
  sessionId: string;
}

/** Which of `sessions` are alive now, by `sessionKey`: one statement for all of them. */
export type AliveCheck = (sessions: LiveSession[], nowMs: number) => Promise<Set<string>>;

export function sessionKey(userId: number, sessionId: string): string {
  return `${userId}:${sessionId}`;
}
export class LiveSessions {
  private readonly aliveUntil = new Map<string, number>();
  /** Sessions used after the first quarter of their time: the next renewal checks them. */
  private readonly due = new Map<string, LiveSession>();
  private generation = 0;
  private renewing = false;
  private lastRenewalAt = -Infinity;

  constructor(
    private readonly ttlMs = 2_000,
    private readonly maxEntries = 50_000,
    private readonly maxBatch = 1_000,
  ) {}

  /** True when the session was seen alive less than `ttlMs` ago (and nothing ended a session since). */
  knownAlive(userId: number, sessionId: string, nowMs: number): boolean {
    const key = sessionKey(userId, sessionId);
    const until = this.aliveUntil.get(key);
    if (until === undefined) return false;
    if (until > nowMs) {
      if (until - nowMs < this.ttlMs * 0.75 && this.due.size < this.maxBatch) this.due.set(key, { userId, sessionId });
      return true;
    }
    this.aliveUntil.delete(key);
    return false;
  }

  /**
   * Checks the sessions due for renewal with one call of `check`, unless one
   * is already running or one began less than a quarter of the TTL ago.
   * Never waits and never throws: a failed renewal leaves the sessions to
   * expire and be checked one by one.
   */
  renewInBackground(nowMs: number, check: AliveCheck): void {
    if (this.renewing || this.due.size === 0 || nowMs - this.lastRenewalAt < this.ttlMs / 4) return;
    const sessions = [...this.due.values()];
    this.due.clear();
    this.renewing = true;
    this.lastRenewalAt = nowMs;
    const startedAt = this.generation;
    check(sessions, nowMs)
      .then((alive) => {
        if (startedAt !== this.generation) return; // a session ended meanwhile: the answer may be stale
        for (const { userId, sessionId } of sessions) {
          const key = sessionKey(userId, sessionId);
          if (!this.aliveUntil.has(key)) continue; // evicted meanwhile: not taken back in
          if (alive.has(key)) this.aliveUntil.set(key, nowMs + this.ttlMs);
          else this.aliveUntil.delete(key);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        this.renewing = false;
      });
  }

  /** Call before asking the database; pass the result to `remember`. */
  begin(): number {
    return this.generation;
  }

  /** Keeps a live answer, unless a session ended after the check began (its answer may be stale). */
  remember(userId: number, sessionId: string, nowMs: number, startedAt: number): void {
    if (startedAt !== this.generation) return;
    if (this.aliveUntil.size >= this.maxEntries) {
      const oldest = this.aliveUntil.keys().next().value;
      if (oldest !== undefined) this.aliveUntil.delete(oldest);
    }
    this.aliveUntil.set(sessionKey(userId, sessionId), nowMs + this.ttlMs);
  }

  /** A session may have ended: forget everything known and invalidate checks in flight. */
  forgetAll(): void {
    this.generation++;
    this.aliveUntil.clear();
    this.due.clear();
  }

  get size(): number {
    return this.aliveUntil.size;
  }
}
