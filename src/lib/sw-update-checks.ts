/**
 * An open tab asks for a new service worker now and then: browsers check on
 * navigations, but a dashboard left open for days navigates only inside the
 * app, so without this it never learns of a release. Checks every hour while
 * the tab is visible, and when it comes back into view after an hour or more.
 */
export const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

/** Starts the checks; returns a function that stops them. */
export function checkForUpdatesPeriodically(
  update: () => Promise<unknown>,
  options: { everyMs?: number; now?: () => number } = {},
): () => void {
  const everyMs = options.everyMs ?? UPDATE_CHECK_EVERY_MS;
  const now = options.now ?? Date.now;
  let last = now();
  const check = () => {
    if (document.visibilityState !== 'visible' || now() - last < everyMs) return;
    last = now();
    update().catch(() => undefined); // offline, or the server is away: the next check tries again
  };
  const timer = window.setInterval(check, everyMs);
  document.addEventListener('visibilitychange', check);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', check);
  };
}
