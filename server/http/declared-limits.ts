/**
 * The rate limits a route declares (route-policy.ts `limits`), counted in one
 * statement per bucket before its handler runs, after its input has been
 * checked, so a bucket keyed by a body field is keyed by the checked value.
 */
import type { Context } from 'hono';
import type { ApiEnv, Services } from '../context.ts';
import { enforce } from '../services/rate-limit.ts';
import type { DeclaredLimit } from './route-policy.ts';

function keyOf(c: Context<ApiEnv>, per: DeclaredLimit['per']): string | null {
  if (per === 'ip') return c.var.ip;
  if (per === 'user') return c.var.user ? String(c.var.user.userId) : null;
  const value = (c.req.valid('json' as never) as Record<string, unknown> | undefined)?.[per.slice(5)];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

export function declaredLimits(services: Services) {
  return async (c: Context<ApiEnv>, limits: readonly DeclaredLimit[]): Promise<void> => {
    const checks = [];
    for (const { bucket, per, limit } of limits) {
      const key = keyOf(c, per);
      // A key the request does not carry (an optional field, no account) counts nothing there.
      if (key !== null) checks.push({ bucket: `${bucket}:${key}`, limit: services.limits[limit] });
    }
    if (checks.length > 0) await enforce(services.db, checks, services.clock.now());
  };
}
