/**
 * SQL for the refresh_tokens table. Tokens are found by their SHA-256
 * (token_hash); the rotation rules that use these statements are in
 * services/refresh-tokens.ts.
 */
import type { Queryable } from '../client.ts';

export async function insertRefreshToken(
  db: Queryable,
  token: { hash: string; family: string; userId: number; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO refresh_tokens (token_hash, family, user_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
    [token.hash, token.family, token.userId, token.createdAt, token.expiresAt],
  );
  return inserted.rows[0]!.id;
}

export interface ClaimedToken {
  id: number;
  user_id: number;
  family: string;
  user_type: string;
}

/**
 * Marks a live, unused token used, in one statement: of two concurrent
 * claims, one wins. It locks that one row only; the losers wait for the
 * winner's commit and then match nothing (no lock held, no deadlock).
 */
export async function claimToken(db: Queryable, hash: string, now: Date): Promise<ClaimedToken | null> {
  const claimed = await db.query<ClaimedToken>(
    `UPDATE refresh_tokens t SET used_at = $2
       FROM users u
      WHERE t.token_hash = $1 AND u.id = t.user_id
        AND t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > $2
      RETURNING t.id::int AS id, t.user_id::int AS user_id, t.family::text AS family, u.user_type`,
    [hash, now],
  );
  return claimed.rows[0] ?? null;
}

/** Points the claimed token at its successor, sealed for a retry within the grace window. */
export async function setSuccessor(db: Queryable, id: number, successorId: number, sealed: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET successor_id = $2, successor_sealed = $3 WHERE id = $1', [
    id,
    successorId,
    sealed,
  ]);
}

export interface GraceSuccessor extends ClaimedToken {
  successor_hash: string;
  successor_sealed: string;
}

/**
 * For a token used after `usedAfter` and not revoked: its live, unused
 * successor (a read: nothing is locked or written). The caller unseals it.
 */
export async function findUnusedSuccessor(
  db: Queryable,
  hash: string,
  now: Date,
  usedAfter: Date,
): Promise<GraceSuccessor | null> {
  const found = await db.query<GraceSuccessor>(
    `SELECT s.id::int AS id, s.user_id::int AS user_id, s.family::text AS family, u.user_type,
            s.token_hash AS successor_hash, p.successor_sealed
       FROM refresh_tokens p
       JOIN refresh_tokens s ON s.id = p.successor_id
       JOIN users u ON u.id = s.user_id
      WHERE p.token_hash = $1 AND p.used_at > $3 AND p.revoked_at IS NULL AND p.successor_sealed IS NOT NULL
        AND s.used_at IS NULL AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [hash, now, usedAfter],
  );
  return found.rows[0] ?? null;
}

export interface TokenState {
  family: string;
  used: boolean;
  revoked: boolean;
  expired: boolean;
}

export async function findTokenState(db: Queryable, hash: string, now: Date): Promise<TokenState | null> {
  const found = await db.query<TokenState>(
    `SELECT family::text AS family, used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked,
            expires_at <= $2 AS expired
       FROM refresh_tokens WHERE token_hash = $1`,
    [hash, now],
  );
  return found.rows[0] ?? null;
}

export async function findFamily(db: Queryable, hash: string): Promise<string | null> {
  const found = await db.query<{ family: string }>(
    'SELECT family::text AS family FROM refresh_tokens WHERE token_hash = $1',
    [hash],
  );
  return found.rows[0]?.family ?? null;
}

export async function revokeFamily(db: Queryable, family: string, at: Date): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family = $1 AND revoked_at IS NULL', [family, at]);
}

/** Revokes every live token of the user, except those of `keepFamily` when given. */
export async function revokeUserFamilies(
  db: Queryable,
  userId: number,
  at: Date,
  keepFamily: string | null,
): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR family <> $3::uuid)`,
    [userId, at, keepFamily],
  );
}

/** True while the family has a token that is neither revoked nor expired (partial index refresh_tokens_live_family). */
export async function familyIsLive(db: Queryable, family: string, userId: number, now: Date): Promise<boolean> {
  const result = await db.query<{ alive: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM refresh_tokens
        WHERE family = $1::uuid AND revoked_at IS NULL AND user_id = $2 AND expires_at > $3
     ) AS alive`,
    [family, userId, now],
  );
  return result.rows[0]?.alive === true;
}

/** Of `sessions` (family and user), those whose family has a live token: one statement for all of them. */
export async function liveFamilies(
  db: Queryable,
  sessions: { family: string; userId: number }[],
  now: Date,
): Promise<{ user_id: number; family: string }[]> {
  const result = await db.query<{ user_id: number; family: string }>(
    `SELECT s.user_id::int AS user_id, s.family::text AS family
       FROM unnest($1::uuid[], $2::bigint[]) AS s (family, user_id)
      WHERE EXISTS (
        SELECT 1 FROM refresh_tokens t
         WHERE t.family = s.family AND t.revoked_at IS NULL AND t.user_id = s.user_id AND t.expires_at > $3
      )`,
    [sessions.map((session) => session.family), sessions.map((session) => session.userId), now],
  );
  return result.rows;
}

export async function deleteTokensExpiredBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM refresh_tokens WHERE expires_at < $1', [before]);
}
