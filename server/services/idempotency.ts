/**
 * Idempotency-Key support (CONTRACTS §3, DESIGN §5). The outbox sends every
 * write with a key and may resend it after a lost response; the same key from
 * the same caller within 24 hours gets the first response back and the write
 * is not applied again. Records live in the database, so a retry that lands
 * on another API process is recognised too.
 *
 * A first request claims the key with a 'pending' row before it runs; a
 * concurrent duplicate sees the pending row and gets 409 + Retry-After rather
 * than running twice. A pending row older than a minute belongs to a process
 * that died mid-request and may be claimed again. Passing failures (5xx,
 * 429, 401) are not kept: nothing was applied, so the retry should run.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv, Services } from '../context.ts';
import { ApiError } from '../http/problem.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const ABANDONED_AFTER_MS = 60 * 1000;

// Endpoints whose answers are credentials: never stored, never replayed.
const excluded = [
  '/api/auth/login/',
  '/api/auth/refresh/',
  '/api/auth/verify-email/',
  '/api/auth/logout/',
  '/api/auth/password/reset/',
];

function isWrite(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

export function idempotency(services: Services): MiddlewareHandler<ApiEnv> {
  const { db, clock } = services;
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (
      key === undefined ||
      !isWrite(c.req.method) ||
      excluded.includes(c.req.path) ||
      c.req.path.startsWith('/api/dev/')
    ) {
      return next();
    }
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      throw new ApiError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters.');
    }
    const user = c.get('user');
    const scope = user ? `user:${user.userId}` : 'anon';
    const now = clock.now();
    const claimed = await db.query(
      `INSERT INTO idempotency_keys AS k (scope, key, method, path, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (scope, key) DO UPDATE
         SET method = $3, path = $4, created_at = $5, status = NULL, content_type = NULL, body = NULL
         WHERE k.created_at < $6 OR (k.status IS NULL AND k.created_at < $7)
       RETURNING 1 AS claimed`,
      [
        scope,
        key,
        c.req.method,
        c.req.path,
        new Date(now),
        new Date(now - IDEMPOTENCY_TTL_MS),
        new Date(now - ABANDONED_AFTER_MS),
      ],
    );

    if (claimed.rows.length === 0) {
      const found = await db.query<{
        method: string;
        path: string;
        status: number | null;
        content_type: string | null;
        body: string | null;
      }>('SELECT method, path, status, content_type, body FROM idempotency_keys WHERE scope = $1 AND key = $2', [
        scope,
        key,
      ]);
      const row = found.rows[0];
      if (!row || row.status === null) {
        throw new ApiError(409, 'A request with this Idempotency-Key is still being processed.', undefined, {
          'Retry-After': '1',
        });
      }
      if (row.method !== c.req.method || row.path !== c.req.path) {
        throw new ApiError(422, 'This Idempotency-Key was already used for a different request.');
      }
      const headers: Record<string, string> = { 'Idempotent-Replayed': 'true' };
      if (row.content_type) headers['Content-Type'] = row.content_type;
      return new Response(row.status === 204 ? null : row.body, { status: row.status, headers });
    }

    try {
      await next();
    } catch (error) {
      await forget(services, scope, key);
      throw error;
    }
    const res = c.res;
    if (!isFinal(res.status)) {
      await forget(services, scope, key);
      return;
    }
    const body = res.status === 204 ? null : await res.clone().text();
    await db.query(
      'UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5 WHERE scope = $1 AND key = $2',
      [scope, key, res.status, res.headers.get('content-type'), body],
    );
  };
}

/**
 * Answers worth replaying. 5xx, 429 (rate limited) and 401 (token expired)
 * describe a moment, not the request: the client retries them with the same
 * key later and must then be served for real.
 */
function isFinal(status: number): boolean {
  return status < 500 && status !== 429 && status !== 401 && status !== 408;
}

async function forget(services: Services, scope: string, key: string): Promise<void> {
  await services.db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status IS NULL', [
    scope,
    key,
  ]);
}

/** Deletes records older than 24 h (run now and then; they are ignored anyway). */
export async function pruneIdempotencyKeys(services: Pick<Services, 'db' | 'clock'>): Promise<void> {
  await services.db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [
    new Date(services.clock.now() - IDEMPOTENCY_TTL_MS),
  ]);
}
