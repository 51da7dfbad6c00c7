/**
 * Opaque rotating refresh tokens (architecture §4). The client holds 32 random
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
import * as tokens from '../db/queries/refresh-tokens.ts';

export const REFRESH_GRACE_MS = 30 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

async function insertToken(db: Queryable, userId: number, family: string, nowMs: number, ttlSeconds: number) {
  const token = newToken();
  const id = await tokens.insertRefreshToken(db, {
    hash: hashToken(token),
    family,
    userId,
    createdAt: new Date(nowMs),
    expiresAt: new Date(nowMs + ttlSeconds * 1000),
  });
  return { token, id };
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

/** Exchanges a refresh token for the next one of its family. Run in a transaction. */
export async function rotateRefreshToken(
  db: Queryable,
  token: string,
  nowMs: number,
  ttlSeconds: number,
): Promise<RotateResult> {
  const now = new Date(nowMs);
  const hash = hashToken(token);
  // A second try of the grace claim covers two retries of one lost answer racing
  // each other: the loser finds the leaf the winner just made and takes that one's place.
  const row =
    (await tokens.claimToken(db, hash, now)) ??
    (await claimWithinGrace(db, hash, nowMs)) ??
    (await claimWithinGrace(db, hash, nowMs));
  if (row) {
    const next = await insertToken(db, row.user_id, row.family, nowMs, ttlSeconds);
    // The used token (and, after a grace retry, the one presented again) now points at the live leaf.
    await tokens.setSuccessor(db, row.id, row.previous_id ?? row.id, next.id);
    return { ok: true, userId: row.user_id, userType: row.user_type, family: row.family, refresh: next.token };
  }
  const existing = await tokens.findTokenState(db, hash, now);
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
function claimWithinGrace(db: Queryable, hash: string, nowMs: number): Promise<tokens.ClaimedToken | null> {
  return tokens.claimUnusedSuccessor(db, hash, new Date(nowMs), new Date(nowMs - REFRESH_GRACE_MS));
}

export async function revokeFamily(db: Queryable, family: string, nowMs: number): Promise<void> {
  await tokens.revokeFamily(db, family, new Date(nowMs));
}

/** Ends every session of the user except `keepFamily` (password reset: none kept; password change: the caller's). */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  nowMs: number,
  keepFamily: string | null = null,
): Promise<void> {
  await tokens.revokeUserFamilies(db, userId, new Date(nowMs), keepFamily);
}

/** Logout: revokes the family of `token`. Unknown tokens are ignored (logging out twice is fine). */
export async function revokeByToken(db: Queryable, token: string, nowMs: number): Promise<void> {
  const family = await tokens.findFamily(db, hashToken(token));
  if (family) await revokeFamily(db, family, nowMs);
}

/**
 * True while the session `family` of `userId` has a token that is neither
 * revoked nor expired. A deleted user's tokens are gone (ON DELETE CASCADE),
 * so their sessions are dead too.
 */
export function sessionIsAlive(db: Queryable, userId: number, family: string, nowMs: number): Promise<boolean> {
  return tokens.familyIsLive(db, family, userId, new Date(nowMs));
}
