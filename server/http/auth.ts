/**
 * Reads the bearer token on every API request (so optional-auth endpoints
 * like report-issue know the caller) and guards the endpoints that need one.
 *
 * A token counts only while its session (refresh-token family) is alive: one
 * indexed lookup per request that carries a token. So a token stops working
 * at logout, after a password reset and when the account is deleted (its
 * sessions go with it), instead of living on until it expires. Tokens minted
 * before sessions were named carry no `sid` and are refused the same way as
 * an expired one: the client refreshes and gets a token that names its session.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import type { AccessClaims } from '../services/access-tokens.ts';
import { sessionIsAlive } from '../services/refresh-tokens.ts';
import { ApiError } from './problem.ts';

async function callerOf(services: Services, token: string): Promise<AccessClaims | null> {
  const now = services.clock.now();
  const claims = await services.tokens.verify(token, now);
  if (!claims?.sessionId) return null;
  return (await sessionIsAlive(services.db, claims.userId, claims.sessionId, now)) ? claims : null;
}

export function readBearer(services: Services): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    c.set('user', match?.[1] ? await callerOf(services, match[1]) : null);
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
