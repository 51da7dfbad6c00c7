/**
 * Fetches code a screen will probably need next (its editor, its dialogs) once the
 * screen is shown and the main thread is idle, so the first tap on Edit or Insights
 * does not wait for a slow network, while the first paint never waits for that code.
 * The performance mark says where the first load ends and the prefetch begins
 * (scripts/support/signed-in-first-load.ts counts the two apart by it, not by file name).
 */
export const IDLE_PREFETCH_MARK = 'roamly:idle-prefetch';

/** How long to wait for an idle moment before prefetching anyway (a busy page is still a page in use). */
const IDLE_TIMEOUT_MS = 4_000;

interface IdleWindow {
  requestIdleCallback?: (task: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/** Runs each loader once the page is idle; returns a cancel function (for an unmount before then). */
export function prefetchWhenIdle(loaders: readonly (() => Promise<unknown>)[]): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  // The person asked to save data: code comes when it is needed, not before.
  if (connection?.saveData) return () => undefined;
  const run = () => {
    // Where the first load ends (jsdom and old engines lack the timeline: nothing to mark).
    if (
      typeof performance.getEntriesByName === 'function' &&
      performance.getEntriesByName(IDLE_PREFETCH_MARK).length === 0
    )
      performance.mark(IDLE_PREFETCH_MARK);
    // A failed prefetch is retried by the tap that needs the code.
    for (const load of loaders) load().catch(() => undefined);
  };
  const idle = window as unknown as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => idle.cancelIdleCallback?.(handle);
  }
  // Safari has no requestIdleCallback: after the first screen has had its moment.
  const timer = setTimeout(run, 1_000);
  return () => clearTimeout(timer);
}
