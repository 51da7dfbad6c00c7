/**
 * Request ids and the request log. Each request gets an id — the caller's
 * X-Request-Id when it is a sane token (a proxy's or a load balancer's),
 * else a new UUID — echoed in the `X-Request-Id` response header, appended to
 * the `{detail}` of every 5xx so a user's report leads to the log line, and
 * logged with method, path (no query string: it may hold an email address),
 * status and duration, one JSON line per request.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../context.ts';
import type { Logger } from '../services/logger.ts';

const saneId = /^[A-Za-z0-9._:@/+=-]{8,128}$/;

export function requestIdFrom(header: string | undefined): string {
  return header && saneId.test(header) ? header : randomUUID();
}

async function withIdInDetail(response: Response, requestId: string): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return response;
  }
  if (!body || typeof body !== 'object' || typeof (body as { detail?: unknown }).detail !== 'string') return response;
  const detail = (body as { detail: string }).detail;
  if (detail.includes(requestId)) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, detail: `${detail} (Request id: ${requestId})` }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export function requestLog(logger: Logger): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    const started = performance.now();
    let failed = true;
    try {
      await next();
      failed = false;
    } finally {
      const status = failed ? 0 : c.res.status;
      const line = {
        reqId: requestId,
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (status >= 500 || failed) logger.warn(line, failed ? 'request dropped' : 'request failed');
      else logger.info(line, 'request');
    }
    if (c.res.status >= 500) {
      const rewritten = await withIdInDetail(c.res, requestId);
      if (rewritten !== c.res) {
        c.res = rewritten;
        c.res.headers.delete('content-length');
      }
    }
    try {
      c.res.headers.set('X-Request-Id', requestId);
    } catch {
      // Immutable headers (a fetched response): copy it once to add ours.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Request-Id', requestId);
    }
  };
}
