/**
 * Opaque rotating refresh tokens (DESIGN §4). The client holds 32 random
 * bytes; the database holds only their SHA-256, so a database leak does not
 * hand out sessions. Every refresh marks the presented token used and issues
 * the next one of its family. A used token presented again means a copy leaked
 * (or was stolen): the whole family is revoked and both holders must sign in.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

async function insertToken(db: Queryable, userId: number, family: string, nowMs: number, ttlSeconds: number) {
  const token = newToken();
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, family, user_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashToken(token), family, userId, new Date(nowMs), new Date(nowMs + ttlSeconds * 1000)],
  );
  return token;
}

/** Starts a new family (a sign-in) and returns its first token. */
export function issueRefreshToken(db: Queryable, userId: number, nowMs: number, ttlSeconds: number) {
  return insertToken(db, userId, randomUUID(), nowMs, ttlSeconds);
}

export type RotateResult =
  | { ok: true; userId: number; userType: string; refresh: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** Exchanges a refresh token for the next one of its family. */
export async function rotateRefreshToken(
  db: Queryable,
  token: string,
  nowMs: number,
  ttlSeconds: number,
): Promise<RotateResult> {
  const now = new Date(nowMs);
  // Claim the token atomically: of two concurrent refreshes with one token, one wins.
  const claimed = await db.query<{ user_id: number; family: string; user_type: string }>(
    `UPDATE refresh_tokens t SET used_at = $2
       FROM users u
      WHERE t.token_hash = $1 AND u.id = t.user_id
        AND t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > $2
      RETURNING t.user_id::int AS user_id, t.family::text AS family, u.user_type`,
    [hashToken(token), now],
  );
  const row = claimed.rows[0];
  if (row) {
    const refresh = await insertToken(db, row.user_id, row.family, nowMs, ttlSeconds);
    return { ok: true, userId: row.user_id, userType: row.user_type, refresh };
  }
  const found = await db.query<{ family: string; used: boolean; revoked: boolean; expired: boolean }>(
    `SELECT family::text AS family, used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked,
            expires_at <= $2 AS expired
       FROM refresh_tokens WHERE token_hash = $1`,
    [hashToken(token), now],
  );
  const existing = found.rows[0];
  if (!existing) return { ok: false, reason: 'unknown' };
  if (existing.revoked) return { ok: false, reason: 'revoked' };
  if (existing.used) {
    await revokeFamily(db, existing.family, nowMs);
    return { ok: false, reason: 'reused' };
  }
  return { ok: false, reason: 'expired' };
}

export async function revokeFamily(db: Queryable, family: string, nowMs: number): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family = $1 AND revoked_at IS NULL', [
    family,
    new Date(nowMs),
  ]);
}

/** Logout: revokes the family of `token`. Unknown tokens are ignored (logging out twice is fine). */
export async function revokeByToken(db: Queryable, token: string, nowMs: number): Promise<void> {
  const found = await db.query<{ family: string }>(
    'SELECT family::text AS family FROM refresh_tokens WHERE token_hash = $1',
    [hashToken(token)],
  );
  const family = found.rows[0]?.family;
  if (family) await revokeFamily(db, family, nowMs);
}
