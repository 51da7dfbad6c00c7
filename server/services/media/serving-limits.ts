/**
 * Bounds on sending originals, so slow or stalled readers cannot
 * hold the server: at most `maxOpenOriginals` images being read and sent at
 * once per process and `maxOpenOriginalsPerClient` per client address (more
 * get 503 with Retry-After), and a connection that
 * takes no bytes for `stallMs` is cut. A reader taking a 64 KB chunk at least
 * every 30 s — about 2 KB/s — is served in full; a CDN in front (every URL is
 * immutable) takes most readers off the server anyway.
 */
export interface MediaServing {
  maxOpenOriginals: number;
  /** Of those, at most this many for one client address (one laptop cannot take them all). */
  maxOpenOriginalsPerClient: number;
  stallMs: number;
}

export const defaultMediaServing: MediaServing = {
  // Each open original holds one 64 KB chunk, a file handle or a query at a time: ~10 MB at most.
  maxOpenOriginals: 128,
  maxOpenOriginalsPerClient: 8,
  stallMs: 30_000,
};

/** Seconds a refused caller is told to wait. */
export const BUSY_RETRY_SECONDS = 5;

/** A counter of slots: take one or be refused, never wait in line. */
export class Slots {
  private used = 0;

  constructor(private readonly max: number) {}

  get inUse(): number {
    return this.used;
  }

  /** A function that gives the slot back (once), or null when all are taken. */
  take(): (() => void) | null {
    if (this.used >= this.max) return null;
    this.used += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.used -= 1;
    };
  }
}

/** Slots overall and per client address: take one of each or none. */
export class ClientSlots {
  private readonly overall: Slots;
  private readonly byClient = new Map<string, number>();

  constructor(
    max: number,
    private readonly maxPerClient: number,
  ) {
    this.overall = new Slots(max);
  }

  take(client: string): (() => void) | null {
    const held = this.byClient.get(client) ?? 0;
    if (held >= this.maxPerClient) return null;
    const release = this.overall.take();
    if (!release) return null;
    this.byClient.set(client, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      release();
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left > 0) this.byClient.set(client, left);
      else this.byClient.delete(client);
    };
  }
}

/**
 * `body` passed through, calling `done` once when it ends however it ends,
 * and `stalled` when the reader has not asked for the next chunk for
 * `stallMs` after taking the last one. `stalled` cuts the connection and says
 * whether it could; when it could not (no socket: an in-process request) the
 * stream ends with an error instead.
 */
export function watchedStream(
  body: ReadableStream<Uint8Array>,
  stallMs: number,
  stalled: () => boolean,
  done: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const end = () => {
    clearTimeout(timer);
    done();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        clearTimeout(timer);
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } catch (error) {
          end();
          throw error;
        }
        if (next.done) {
          end();
          controller.close();
          return;
        }
        controller.enqueue(next.value);
        timer = setTimeout(() => {
          end();
          void reader.cancel().catch(() => undefined);
          // A cut connection cancels this stream itself; an error here would be logged as a failure.
          if (!stalled()) controller.error(new Error('The reader stalled.'));
        }, stallMs);
        timer.unref();
      },
      cancel(reason) {
        end();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
