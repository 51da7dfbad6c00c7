/**
 * Structured logs: one JSON object per line on stdout (pino), at LOG_LEVEL
 * (`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`). Every
 * process logs on its own; a log shipper reads stdout.
 */
import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

const levels = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export function createLogger(level: string): Logger {
  if (!levels.has(level)) throw new Error(`LOG_LEVEL must be one of ${[...levels].join(', ')}, got "${level}"`);
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** For tests and tools that want no log lines. */
export const silentLogger: Logger = pino({ level: 'silent' });
