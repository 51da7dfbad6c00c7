/**
 * How long a request may take to arrive: a body that never ends —
 * chunked with no last chunk, or a declared length never reached — would
 * otherwise hold its connection and its handler for as long as the client
 * likes. Node's HTTP server enforces it: `requestTimeout` counts from the
 * first byte of the request until its body is complete (not the response, so
 * a slow download is unaffected), checked every `connectionsCheckingInterval`;
 * past it Node answers 408 Request Timeout when nothing has been sent yet and
 * closes the connection. Applies to every route, before any handler.
 *
 * 60 s lets a 10 MB image arrive at ~170 KB/s (photos are downscaled in the
 * browser first, so most are far smaller). REQUEST_BODY_TIMEOUT_SECONDS
 * changes it (tests use a few seconds).
 */
import type { ServerOptions } from 'node:http';

export const DEFAULT_REQUEST_BODY_TIMEOUT_SECONDS = 60;

export function requestTimeouts(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  const configured = Number(env.REQUEST_BODY_TIMEOUT_SECONDS);
  const seconds = Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_REQUEST_BODY_TIMEOUT_SECONDS;
  const requestTimeout = Math.round(seconds * 1000);
  return {
    requestTimeout,
    // Headers must arrive within the same time (Node requires headersTimeout <= requestTimeout).
    headersTimeout: Math.min(60_000, requestTimeout),
    // How often expired requests are looked for: a cut comes at most this late.
    connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.round(requestTimeout / 4))),
  };
}
