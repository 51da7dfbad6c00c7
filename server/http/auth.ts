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
 *
 * The lookup's answer is remembered briefly (services/live-sessions.ts): the
 * routes that can end a session (they declare `endsSessions`, route.ts) clear
 * that memory when they finish, so in one process a session ends at once;
 * another instance notices within 2 s. Sessions in steady use are checked
 * again in the background, many in one statement.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import type { AccessClaims } from '../services/access-tokens.ts';
import type { AliveCheck, LiveSessions } from '../services/live-sessions.ts';
import { aliveSessions, sessionIsAlive } from '../services/refresh-tokens.ts';
import { ApiError } from './problem.ts';

async function sessionCaller(
  services: Services,
  live: LiveSessions,
  renew: AliveCheck,
  token: string,
): Promise<AccessClaims | null> {
  const now = services.clock.now();
  const claims = await services.tokens.verify(token, now);
  if (!claims?.sessionId) return null;
  if (live.knownAlive(claims.userId, claims.sessionId, now)) {
    live.renewInBackground(now, renew);
    return claims;
  }
  const startedAt = live.begin();
  if (!(await sessionIsAlive(services.db, claims.userId, claims.sessionId, now))) return null;
  live.remember(claims.userId, claims.sessionId, now, startedAt);
  return claims;
}

export function readBearer(services: Services, live: LiveSessions): MiddlewareHandler<ApiEnv> {
  const renew: AliveCheck = (sessions, at) => aliveSessions(services.db, sessions, at);
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    c.set('user', match?.[1] ? await sessionCaller(services, live, renew, match[1]) : null);
    await next();
  };
}

/**
 * Guards of a route that can end sessions: the sessions remembered alive are
 * forgotten once it has answered — always, or unless it answered 200 (a
 * refresh is refused when it detects reuse, and revokes the family).
 */
export function forgetSessionsAfter(live: LiveSessions, unlessOk: boolean): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    let answered = false;
    try {
      await next();
      answered = true;
    } finally {
      if (!unlessOk || !answered || c.res.status !== 200) live.forgetAll();
    }
  };
}

const sessionExpired = 'Your session has expired. Please log in again.';

/**
 * The caller's account went away while a request of theirs ran (deleted
 * behind the API's back within the session memory's 2 s, or between the
 * session check and the write): a write that names them breaks a foreign key
 * to `users`. That is an ended session, not a server fault.
 */
export function accountGoneError(error: unknown): ApiError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23503' || typeof constraint !== 'string' || !constraint.endsWith('_user_id_fkey')) return null;
  return new ApiError(401, sessionExpired, undefined, { 'WWW-Authenticate': 'Bearer' });
}

/** The signed-in caller, or a 401: what a route declared `auth: 'bearer'` enforces (route.ts). */
export function requireUser(c: ApiContext): AccessClaims {
  const user = c.get('user');
  if (!user) {
    const sent = Boolean(c.req.header('authorization'));
    throw new ApiError(401, sent ? sessionExpired : 'Please log in to continue.', undefined, {
      'WWW-Authenticate': 'Bearer',
    });
  }
  return user;
}

/**
 * The caller of a route declared `auth: 'bearer'`, which route() has already refused to
 * everyone else. Asked on any other route it is a programming error, not a 401.
 */
export function callerOf(c: ApiContext): AccessClaims {
  const user = c.get('user');
  if (!user) throw new Error(`${c.req.method} ${c.req.routePath} reads its caller without declaring auth: 'bearer'.`);
  return user;
}
