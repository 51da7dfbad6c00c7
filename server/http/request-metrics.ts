/**
 * Counts and times every request under its matched route pattern
 * (`/api/events/:id/update/`, `/e/*`, `/*` for the static site), so
 * the metrics' label values are bounded by the routes, never by the paths
 * callers make up.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { ApiEnv } from '../context.ts';
import { observeRequest } from '../services/metrics.ts';

export function requestMetrics(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      // After next(), the route index points at the innermost handler that ran.
      observeRequest(c.req.method, routePath(c), status, (performance.now() - started) / 1000);
    }
  };
}
