/**
 * The check an app update runs before it reloads the page (the outbox sets one so a
 * reload never happens while writes are unsent). Its own module, without workbox-window:
 * every page sets the guard at start-up, and only sw-control.ts, loaded once a worker
 * controls the page, reads it.
 */

/** Returns false to refuse a reload right now. */
export type ReloadGuard = () => boolean | Promise<boolean>;

let reloadGuard: ReloadGuard = () => true;

/** Installs the check run before an update reloads the page (null removes it). */
export function setReloadGuard(guard: ReloadGuard | null): void {
  reloadGuard = guard ?? (() => true);
}

export function reloadAllowed(): boolean | Promise<boolean> {
  return reloadGuard();
}
