/**
 * Reads the bearer token on every API request (so optional-auth endpoints
 * like report-issue know the caller) and guards the endpoints that need one.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import type { AccessClaims } from '../services/access-tokens.ts';
import { ApiError } from './problem.ts';

export function readBearer(services: Services): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    c.set('user', match?.[1] ? await services.tokens.verify(match[1], services.clock.now()) : null);
    await next();
  };
}

/** The signed-in caller, or a 401. */
export function requireUser(c: ApiContext): AccessClaims {
  const user = c.get('user');
  if (!user) {
    const sent = Boolean(c.req.header('authorization'));
    throw new ApiError(
      401,
      sent ? 'Your session has expired. Please log in again.' : 'Please log in to continue.',
      undefined,
      { 'WWW-Authenticate': 'Bearer' },
    );
  }
  return user;
}
