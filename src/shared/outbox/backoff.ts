/**
 * When to try a failed send again. Exponential with "equal jitter": half the
 * delay is fixed, half random, so tabs and devices that failed together do not
 * retry in lockstep, yet no retry comes sooner than half its step.
 *
 * The first two steps are short (250 ms, about one round trip) because most
 * failures on a phone are one dropped packet or one overloaded moment, and the
 * user is often watching; only a third failure in a row starts the doubling.
 * The cap is 30 s: a promoter on a bad connection is usually looking at the
 * indicator, and a write should go out soon after the server answers again
 * rather than minutes later. The immediate triggers (page load, `online`,
 * `visibilitychange`, any successful API request after a failure, a tap on the
 * indicator) cover the rest; a server's `Retry-After` is a floor, never shortened.
 *
 * Worst case per device while the server is unreachable: each queue head (one
 * per record with queued writes) is tried at most once per 15–30 s on the
 * timer, i.e. ≤ 4 requests per minute per head, plus one attempt per head for
 * each immediate trigger; triggers that arrive while a flush runs share one
 * more flush after it (outbox-runner.ts), so a burst of taps or events costs
 * one extra round, not one per event.
 */
export const FIRST_RETRY_MS = 250;
export const MAX_RETRY_MS = 30 * 1000;

/** `jitter` is a number in [0, 1), drawn by the caller: the reducer that calls this stays pure. */
export function retryDelay(attempts: number, jitter: number, retryAfterSeconds: number | null): number {
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 2));
  const jittered = step / 2 + (jitter * step) / 2;
  const floor = retryAfterSeconds === null ? 0 : retryAfterSeconds * 1000;
  return Math.max(jittered, floor);
}
