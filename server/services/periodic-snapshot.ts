/**
 * A value built at most once per `maxAgeMs` and shared by every reader: within
 * that time each reader gets the one held, and readers that arrive while it is
 * being built wait for that same build instead of starting their own. So an
 * answer that is costly to make (a sitemap of ~50,000 rows) costs one build per
 * period however many ask for it, and memory holds one value, never one per
 * caller. A failed build is not kept: the next reader starts another.
 */
export interface PeriodicSnapshotOptions {
  /** How long a built value is served before the next reader rebuilds it. */
  maxAgeMs: number;
  /** The app's clock (tests drive it by hand). */
  now: () => number;
}

export function periodicSnapshot<T>(build: () => Promise<T>, options: PeriodicSnapshotOptions): () => Promise<T> {
  let held: { value: T; builtAt: number } | null = null;
  let building: Promise<T> | null = null;

  function rebuild(): Promise<T> {
    // Aged from when the build started: rows changed during it are caught by the next one.
    const startedAt = options.now();
    // Through a resolved promise, so a build that throws at once still clears `building`.
    const promise = Promise.resolve()
      .then(build)
      .then(
        (value) => {
          held = { value, builtAt: startedAt };
          building = null;
          return value;
        },
        (error: unknown) => {
          building = null;
          throw error;
        },
      );
    building = promise;
    return promise;
  }

  return () => {
    if (held && options.now() - held.builtAt < options.maxAgeMs) return Promise.resolve(held.value);
    return building ?? rebuild();
  };
}
