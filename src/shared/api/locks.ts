/**
 * Named exclusive locks. Where the Web Locks API exists (pages and service
 * workers of modern browsers) a lock is held across every tab and the worker of
 * the origin, which is what makes "exactly one token refresh" true everywhere.
 * Without it (older browsers, jsdom) an in-context mutex still serialises the
 * callers of this context.
 */

export interface Locks {
  request<T>(name: string, task: () => Promise<T>): Promise<T>;
}

/** A mutex per name for this JavaScript context only: each task starts after the previous one settles. */
export function createLocalLocks(): Locks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(task, task);
      const tail = run.catch(() => undefined);
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return run;
    },
  };
}

/** The Web Locks API when present, otherwise an in-context mutex. */
export function defaultLocks(): Locks {
  const manager = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!manager) return createLocalLocks();
  return {
    request: <T>(name: string, task: () => Promise<T>) => manager.request(name, task) as Promise<T>,
  };
}
