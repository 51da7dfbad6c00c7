/**
 * When to try a failed send again. Exponential with "equal jitter": half the
 * delay is fixed, half random, so tabs and devices that failed together do not
 * retry in lockstep, yet no retry comes sooner than half its step.
 *
 * The first two steps are short (250 ms, about one round trip) because most
 * failures on a phone are one dropped packet or one overloaded moment, and the
 * user is often watching; only a third failure in a row starts the doubling;
 * the cap (5 minutes) keeps a long outage from costing battery, while the
 * `online`/`visibilitychange`/Background Sync triggers retry at once when the
 * connection really comes back. A server's `Retry-After` is a floor, never shortened.
 */
export const FIRST_RETRY_MS = 250;
export const MAX_RETRY_MS = 5 * 60 * 1000;

/** `jitter` is a number in [0, 1), drawn by the caller: the reducer that calls this stays pure. */
export function retryDelay(attempts: number, jitter: number, retryAfterSeconds: number | null): number {
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 2));
  const jittered = step / 2 + (jitter * step) / 2;
  const floor = retryAfterSeconds === null ? 0 : retryAfterSeconds * 1000;
  return Math.max(jittered, floor);
}
