/**
 * The drain loop of a queue worker (the mail queue, followers' notices): one
 * drain at a time per process; a call during a drain asks for one more round
 * instead of starting a second; a failure (the database away) is reported once
 * per outage, not once per poll, and the next poll tries again.
 */
export interface SerialDrain {
  /** Runs the rounds, or joins the one running (and asks for another round after it). */
  drain(): Promise<void>;
  /** The drain running now, if any: shutdown waits for it. */
  current(): Promise<void> | null;
}

export function serialDrain(options: {
  /** One round: send what is due. */
  round: () => Promise<void>;
  stopped: () => boolean;
  /** The first failure after a success (or since start). */
  onUnreachable: (error: unknown) => void;
  /** After every drain, failed or not. */
  afterDrain?: () => void;
}): SerialDrain {
  let running: Promise<void> | null = null;
  let again = false;
  let unreachable = false;
  return {
    current: () => running,
    drain() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await options.round();
          } while (again && !options.stopped());
          unreachable = false;
        } catch (error) {
          if (!options.stopped() && !unreachable) options.onUnreachable(error);
          unreachable = true;
        } finally {
          options.afterDrain?.();
          running = null;
        }
      })();
      return running;
    },
  };
}
