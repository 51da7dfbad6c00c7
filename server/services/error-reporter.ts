/**
 * The single place unexpected errors go (every 500 from the API, housekeeping
 * failures). They are always logged; an operator plugs in more here: with
 * ERROR_WEBHOOK_URL set, each one is also POSTed as JSON to that URL (a chat
 * webhook, an incident tool, a small relay to Sentry…), fire-and-forget with
 * a timeout so a slow receiver never slows a request. To use something else,
 * pass your own `reportError` to createApp.
 */
import type { Logger } from './logger.ts';

export interface ErrorContext {
  requestId?: string;
  method?: string;
  path?: string;
  /** Where it happened outside a request (e.g. "housekeeping"). */
  where?: string;
}

export type ErrorReporter = (error: unknown, context: ErrorContext) => void;

export function describeError(error: unknown): { message: string; stack?: string; name?: string } {
  if (error instanceof Error)
    return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { message: String(error) };
}

/** Logs the error; also sends it to `webhookUrl` when one is configured. */
export function errorReporter(logger: Logger, webhookUrl: string | null, timeoutMs = 5000): ErrorReporter {
  return (error, context) => {
    logger.error({ err: error, ...context }, 'Unhandled error');
    if (!webhookUrl) return;
    const payload = { ...describeError(error), ...context, pid: process.pid, time: new Date().toISOString() };
    fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    })
      .then((response) => {
        if (!response.ok) logger.warn({ status: response.status }, 'Error webhook refused the report');
        return response.body?.cancel();
      })
      .catch((failure: unknown) => logger.warn({ err: failure }, 'Error webhook unreachable'));
  };
}
