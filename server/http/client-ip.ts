/**
 * The caller's address for per-IP rate limits: the socket's peer, or the
 * first X-Forwarded-For hop when TRUST_PROXY=1 (otherwise anyone could pick
 * their own bucket by sending the header).
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../context.ts';

export function clientIp(options: { trustProxy: boolean }): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    let ip = c.env?.incoming?.socket?.remoteAddress ?? 'local';
    if (options.trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
      if (forwarded) ip = forwarded;
    }
    c.set('ip', ip);
    await next();
  };
}
