/**
 * SIGTERM (contract §3): stop accepting connections, let the requests in
 * flight finish for up to SHUTDOWN_LIMIT_MS, close the database, write one JSON
 * line saying the server stopped, and exit 0 — or 1 when requests were still
 * running at the limit and got cut, so a supervisor's record shows it.
 * The limit stays under Docker's 10 s and systemd's TimeoutStopSec=15 in
 * docs/deploy.md, so the server, not the supervisor's SIGKILL, ends it.
 */
import type { Server } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Logger } from '../services/logger.ts';

export const SHUTDOWN_LIMIT_MS = 5_000;

export interface Drain {
  server: Server | Http2Server | Http2SecureServer;
  inFlight: () => number;
  close: () => Promise<void>;
  logger: Logger;
  limitMs: number;
}

export function drainThenExit({ server, inFlight, close, logger, limitMs }: Drain): void {
  const started = Date.now();
  server.close();
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  const timer = setInterval(() => {
    const running = inFlight();
    if (running > 0 && Date.now() - started < limitMs) return;
    clearInterval(timer);
    void close()
      .catch(() => undefined)
      .finally(() => {
        const line = { cut: running, limitMs, ms: Date.now() - started };
        if (running > 0)
          logger.warn(line, `Stopped: ${running} request(s) cut at the ${limitMs / 1000} s shutdown limit`);
        else logger.info(line, 'Stopped: every request finished');
        logger.flush(() => process.exit(running > 0 ? 1 : 0));
      });
  }, 20);
}
