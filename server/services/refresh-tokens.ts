/**
 * Opaque rotating refresh tokens (DESIGN §4). The client holds 32 random
 * bytes; the database holds only their SHA-256, so a database leak does not
 * hand out sessions. Every refresh marks the presented token used and issues
 * the next one of its family. A used token presented again means a copy leaked
 * (or was stolen): the whole family is revoked and both holders must sign in.
 *
 * One exception (RFC 9700 §4.14.2): a client whose refresh answer was lost on
 * a bad network presents the same token again. Within REFRESH_GRACE_MS of its
 * use, the immediately previous token — the one whose successor has not been
 * used yet — gets a fresh pair instead; the unused successor is retired, so
 * the family still has one live leaf. Reuse after the grace revokes the family.
 *
 * A family is a session: access tokens carry its id (`sid`) and are honoured
 * only while it has a live token (sessionIsAlive), so logout, a password reset
 * or a deleted account end the access tokens too.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

export const REFRESH_GRACE_MS = 30 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

async function insertToken(db: Queryable, userId: number, family: string, nowMs: number, ttlSeconds: number) {
  const token = newToken();
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO refresh_tokens (token_hash, family, user_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
    [hashToken(token), family, userId, new Date(nowMs), new Date(nowMs + ttlSeconds * 1000)],
  );
  return { token, id: inserted.rows[0]!.id };
}

export interface Session {
  /** The family id, carried by access tokens as `sid`. */
  family: string;
  refresh: string;
}

/** Starts a new family (a sign-in) and returns its id and first token. */
export async function startSession(db: Queryable, userId: number, nowMs: number, ttlSeconds: number): Promise<Session> {
  const family = randomUUID();
  const { token } = await insertToken(db, userId, family, nowMs, ttlSeconds);
  return { family, refresh: token };
}

export type RotateResult =
  | { ok: true; userId: number; userType: string; family: string; refresh: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

interface ClaimedRow {
  id: number;
  /** After a grace retry: the token presented again, linked to the new leaf as well. */
  previous_id?: number;
  user_id: number;
  family: string;
  user_type: string;
}

/** Exchanges a refresh token for the next one of its family. Run in a transaction. */
export async function rotateRefreshToken(
  db: Queryable,
  token: string,
  nowMs: number,
  ttlSeconds: number,
): Promise<RotateResult> {
  const now = new Date(nowMs);
  const hash = hashToken(token);
  // Claim the token atomically: of two concurrent refreshes with one token, one wins.
  const claimed = await db.query<ClaimedRow>(
    `UPDATE refresh_tokens t SET used_at = $2
       FROM users u
      WHERE t.token_hash = $1 AND u.id = t.user_id
        AND t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > $2
      RETURNING t.id::int AS id, t.user_id::int AS user_id, t.family::text AS family, u.user_type`,
    [hash, now],
  );
  // A second try covers two retries of one lost answer racing each other: the
  // loser finds the leaf the winner just made and takes that one's place.
  const row = claimed.rows[0] ?? (await claimWithinGrace(db, hash, nowMs)) ?? (await claimWithinGrace(db, hash, nowMs));
  if (row) {
    const next = await insertToken(db, row.user_id, row.family, nowMs, ttlSeconds);
    // The used token (and, after a grace retry, the one presented again) now points at the live leaf.
    await db.query('UPDATE refresh_tokens SET successor_id = $3 WHERE id IN ($1, $2)', [
      row.id,
      row.previous_id ?? row.id,
      next.id,
    ]);
    return { ok: true, userId: row.user_id, userType: row.user_type, family: row.family, refresh: next.token };
  }
  const found = await db.query<{ family: string; used: boolean; revoked: boolean; expired: boolean }>(
    `SELECT family::text AS family, used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked,
            expires_at <= $2 AS expired
       FROM refresh_tokens WHERE token_hash = $1`,
    [hash, now],
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

/**
 * A used token presented again within the grace window, whose successor is
 * still unused: retires that successor (marks it used) and returns it as the
 * claimed row, so the caller issues the new leaf and links both to it.
 */
async function claimWithinGrace(db: Queryable, hash: string, nowMs: number): Promise<ClaimedRow | null> {
  const now = new Date(nowMs);
  const retired = await db.query<ClaimedRow>(
    `UPDATE refresh_tokens s SET used_at = $2
       FROM refresh_tokens p, users u
      WHERE p.token_hash = $1 AND p.used_at > $3 AND p.revoked_at IS NULL AND p.expires_at > $2
        AND s.id = p.successor_id AND s.used_at IS NULL AND s.revoked_at IS NULL AND s.expires_at > $2
        AND u.id = s.user_id
      RETURNING s.id::int AS id, p.id::int AS previous_id, s.user_id::int AS user_id, s.family::text AS family,
                u.user_type`,
    [hash, now, new Date(nowMs - REFRESH_GRACE_MS)],
  );
  return retired.rows[0] ?? null;
}

export async function revokeFamily(db: Queryable, family: string, nowMs: number): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family = $1 AND revoked_at IS NULL', [
    family,
    new Date(nowMs),
  ]);
}

/** Ends every session of the user except `keepFamily` (password reset: none kept; password change: the caller's). */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  nowMs: number,
  keepFamily: string | null = null,
): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR family <> $3::uuid)`,
    [userId, new Date(nowMs), keepFamily],
  );
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

/**
 * True while the session `family` of `userId` has a token that is neither
 * revoked nor expired: one probe of the partial index refresh_tokens_live_family.
 * A deleted user's tokens are gone (ON DELETE CASCADE), so their sessions are dead too.
 */
export async function sessionIsAlive(db: Queryable, userId: number, family: string, nowMs: number): Promise<boolean> {
  const result = await db.query<{ alive: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM refresh_tokens
        WHERE family = $1::uuid AND revoked_at IS NULL AND user_id = $2 AND expires_at > $3
     ) AS alive`,
    [family, userId, new Date(nowMs)],
  );
  return result.rows[0]?.alive === true;
}
