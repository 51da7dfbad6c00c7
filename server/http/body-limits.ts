/**
 * Request size limits, answered with a JSON 413 before a large body is read:
 * 64 KB for JSON, and a little over the 10 MB image limit for the multipart
 * forms of routes that declare an upload (route.ts).
 *
 * A body whose length is declared (Content-Length, no Transfer-Encoding) is
 * judged by that header alone: Node's HTTP parser never delivers more bytes
 * than it declares, and leaving the body unread keeps @hono/node-server's
 * direct read (`c.req.json()` straight from the socket's buffers). Hono's own
 * bodyLimit touches `c.req.raw.body`, which builds a web Request and a
 * ReadableStream for every write — about a fifth of a JSON write's CPU. Only
 * chunked bodies, whose length nobody knows in advance (and requests made
 * in-process, without a socket), are counted as they arrive, by Hono's
 * bodyLimit.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_IMAGE_BYTES } from '../../src/shared/contract/event.ts';
import type { ApiEnv } from '../context.ts';
import { problemBody } from './problem.ts';

export const MAX_JSON_BYTES = 64 * 1024;
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 512 * 1024;

function limit(maxSize: number, detail: string): MiddlewareHandler<ApiEnv> {
  const tooLarge = (c: Context<ApiEnv>) => c.json(problemBody(detail), 413);
  const counted = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    // Without Node's request (in-process tests: a web Request), count as it is read.
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (chunked || !c.env?.incoming) return counted(c, next);
    const declared = c.req.header('content-length');
    if (declared === undefined) return next(); // no body at all
    return Number(declared) > maxSize ? tooLarge(c) : next();
  };
}

/** A route that reads JSON: 64 KB, whatever the body claims to be. */
export function jsonBodyLimit(): MiddlewareHandler<ApiEnv> {
  return limit(MAX_JSON_BYTES, 'The request body is too large.');
}

/** A route that takes an upload: a multipart form up to the image limit, or 64 KB of JSON. */
export function uploadBodyLimit(): MiddlewareHandler<ApiEnv> {
  const json = jsonBodyLimit();
  const form = limit(MAX_FORM_BYTES, 'The upload is too large. Images can be at most 10 MB.');
  return async (c, next) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    return type.startsWith('multipart/form-data') ? form(c, next) : json(c, next);
  };
}
