/**
 * A short memory of sessions found alive, so a signed-in request costs no
 * database round trip for its session check most of the time (issue 13,
 * item 8: lists and writes under load).
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
 * Bounded in memory: at most `maxEntries`; when full, the oldest go first.
 */
export class LiveSessions {
  private readonly aliveUntil = new Map<string, number>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 2_000,
    private readonly maxEntries = 50_000,
  ) {}

  /** True when the session was seen alive less than `ttlMs` ago (and nothing ended a session since). */
  knownAlive(userId: number, sessionId: string, nowMs: number): boolean {
    const key = `${userId}:${sessionId}`;
    const until = this.aliveUntil.get(key);
    if (until === undefined) return false;
    if (until > nowMs) return true;
    this.aliveUntil.delete(key);
    return false;
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
    this.aliveUntil.set(`${userId}:${sessionId}`, nowMs + this.ttlMs);
  }

  /** A session may have ended: forget everything known and invalidate checks in flight. */
  forgetAll(): void {
    this.generation++;
    this.aliveUntil.clear();
  }

  get size(): number {
    return this.aliveUntil.size;
  }
}
