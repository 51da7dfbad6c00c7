/**
 * An image stream that watches how fast its reader takes it. A reader that
 * stops, or that takes a chunk just often enough never to look stopped,
 * would hold its slot (serving-limits.ts) for as long as it likes; this one
 * is cut instead: for taking nothing for `stallMs`, or for taking less than
 * `minBytesPerSecond` averaged over each `rateWindowMs` after `rateGraceMs`.
 *
 * The bytes counted are those the server took from the store for the reader,
 * which is what the connection lets through once its buffers are full (they
 * fill within the grace time); time spent waiting on the store is not the
 * reader's and is left out of its rate.
 */

export interface ReaderPace {
  stallMs: number;
  minBytesPerSecond: number;
  rateWindowMs: number;
  rateGraceMs: number;
}

/**
 * `body` passed through, calling `done` once when it ends however it ends
 * (read in full, failed, cancelled, cut). A stalled or slow reader is cut by
 * `cut`, which ends the connection and says whether it could; when it could
 * not (no socket: an in-process request) the stream ends with an error.
 */
export function watchedStream(
  body: ReadableStream<Uint8Array>,
  pace: ReaderPace,
  cut: () => boolean,
  done: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let stallTimer: NodeJS.Timeout | undefined;
  let rateTimer: NodeJS.Timeout | undefined;
  let ended = false;
  let sent = 0;
  let storeMs = 0;
  let readingSince: number | null = null;

  const storeTime = () => storeMs + (readingSince === null ? 0 : performance.now() - readingSince);

  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(stallTimer);
    clearTimeout(graceTimer);
    clearInterval(rateTimer);
    done();
  };

  const cutOff = (why: string) => {
    end();
    void reader.cancel().catch(() => undefined);
    // A cut connection cancels this stream itself; an error here would be logged as a failure.
    if (!cut()) controller?.error(new Error(why));
  };

  const graceTimer = setTimeout(() => {
    let windowBytes = sent;
    let windowStoreMs = storeTime();
    rateTimer = setInterval(() => {
      const readerSeconds = Math.max(0, pace.rateWindowMs - (storeTime() - windowStoreMs)) / 1000;
      if (sent - windowBytes < pace.minBytesPerSecond * readerSeconds) {
        cutOff('The reader is too slow.');
        return;
      }
      windowBytes = sent;
      windowStoreMs = storeTime();
    }, pace.rateWindowMs);
    rateTimer.unref();
  }, pace.rateGraceMs);
  graceTimer.unref();

  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      async pull(c) {
        clearTimeout(stallTimer);
        let next: Awaited<ReturnType<typeof reader.read>>;
        readingSince = performance.now();
        try {
          next = await reader.read();
        } catch (error) {
          end();
          throw error;
        } finally {
          storeMs += performance.now() - readingSince;
          readingSince = null;
        }
        // Cut or cancelled while the store was answering: the stream is over already.
        if (ended) return;
        if (next.done) {
          end();
          c.close();
          return;
        }
        sent += next.value.length;
        c.enqueue(next.value);
        stallTimer = setTimeout(() => cutOff('The reader stalled.'), pace.stallMs);
        stallTimer.unref();
      },
      cancel(reason) {
        end();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
