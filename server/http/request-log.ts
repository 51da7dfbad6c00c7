/**
 * Request ids and the request log. Each request gets an id — the caller's
 * X-Request-Id when it is a sane token (a proxy's or a load balancer's),
 * else a new UUID — echoed in the `X-Request-Id` response header, appended to
 * the `{detail}` of every 5xx so a user's report leads to the log line, and
 * logged with method, path (no query string: it may hold an email address),
 * status, duration, the signed-in user's id and the client's network (see
 * address-prefix.ts), one JSON line per request. Health probes and static
 * assets that went well are logged at debug: at one probe per 5 s they were
 * ~17 000 info lines a day per instance that said nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { API_PREFIX, apiRoutes } from '../../src/shared/contract/api-routes.ts';
import type { ApiEnv } from '../context.ts';
import type { Logger } from '../services/logger.ts';
import { addressPrefix } from './address-prefix.ts';

const PROBES = new Set([apiRoutes.health, apiRoutes.ready].map((path) => API_PREFIX + path));

/** Routine traffic nobody reads a line of: a probe that answered, a static file that was served. */
function routine(c: Context<ApiEnv>, status: number): boolean {
  if (PROBES.has(c.req.path)) return status < 500;
  // The static site is the catch-all route; pages (no extension, .html) stay at info.
  return status < 400 && routePath(c) === '/*' && /\.(?!html$)[a-z0-9]+$/i.test(c.req.path);
}

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
        user: c.get('user')?.userId,
        client: addressPrefix(c.get('ip') ?? c.env?.incoming?.socket?.remoteAddress),
      };
      if (status >= 500 || failed) logger.warn(line, failed ? 'request dropped' : 'request failed');
      else if (routine(c, status)) logger.debug(line, 'request');
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
