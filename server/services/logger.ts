/**
 * Structured logs: one JSON object per line on stdout (pino), at LOG_LEVEL
 * (`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`). Every
 * process logs on its own; a log shipper reads stdout.
 */
import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

const FLUSH_EVERY_MS = 200;
/** Lines waiting for a stalled stdout (nobody reading the pipe) are dropped past this, not kept without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

const levels = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export function createLogger(level: string): Logger {
  if (!levels.has(level)) throw new Error(`LOG_LEVEL must be one of ${[...levels].join(', ')}, got "${level}"`);
  // Buffered, asynchronous writes: a write to stdout is a system call, and one
  // per request line cost ~5 % of a loaded process. Lines go out when 4 KB
  // have gathered or every 200 ms, whichever comes first; pino flushes what is
  // pending when the process exits. A `kill -9` may lose the last 200 ms.
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: 4096,
    periodicFlush: FLUSH_EVERY_MS,
    maxLength: MAX_BUFFERED_BYTES,
  });
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** For tests and tools that want no log lines. */
export const silentLogger: Logger = pino({ level: 'silent' });
