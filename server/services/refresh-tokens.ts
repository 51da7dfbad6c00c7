/**
 * Opaque rotating refresh tokens (architecture §4). The client holds 32 random
 * bytes; the database holds only their SHA-256, so a database leak does not
 * hand out sessions. Every refresh marks the presented token used and issues
 * the next one of its family. A used token presented again means a copy leaked
 * (or was stolen): the whole family is revoked and both holders must sign in.
 *
 * One exception (RFC 9700 §4.14.2): a client whose refresh answer was lost on
 * a bad network, or a second tab racing the first, presents the same token
 * again. Within REFRESH_GRACE_MS of its use, the immediately previous token —
 * the one whose successor has not been used yet — gets that SAME successor
 * back: the family keeps one live leaf, so a thief replaying a token inside
 * the window shares the owner's chain instead of growing a second one, and N
 * parallel refreshes of one token are one claim and N-1 reads, with one row
 * locked (no deadlock on PostgreSQL). The
 * successor is stored sealed (AES-256-GCM) under a key derived from the used
 * token, which the database never holds. Reuse after the grace revokes the family.
 *
 * A family is a session: access tokens carry its id (`sid`) and are honoured
 * only while it has a live token (sessionIsAlive), so logout, a password reset
 * or a deleted account end the access tokens too.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import * as tokens from '../db/queries/refresh-tokens.ts';
import { sessionKey, type LiveSession } from './live-sessions.ts';

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
  const row = await tokens.claimToken(db, hash, now);
  if (row) {
    const next = await insertToken(db, row.user_id, row.family, nowMs, ttlSeconds);
    await tokens.setSuccessor(db, row.id, next.id, seal(token, next.token));
    return { ok: true, userId: row.user_id, userType: row.user_type, family: row.family, refresh: next.token };
  }
  const retried = await tokens.findUnusedSuccessor(db, hash, now, new Date(nowMs - REFRESH_GRACE_MS));
  const successor = retried && unseal(token, retried.successor_sealed);
  if (retried && successor && hashToken(successor) === retried.successor_hash) {
    return {
      ok: true,
      userId: retried.user_id,
      userType: retried.user_type,
      family: retried.family,
      refresh: successor,
    };
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

/** The key that seals a token's successor: derived from the token itself, not from its stored hash. */
function sealingKey(token: string): Buffer {
  return createHash('sha256').update(`refresh-successor:${token}`).digest();
}

function seal(token: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(token), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

function unseal(token: string, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
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

/** `sessionIsAlive` for many sessions in one statement: the keys (services/live-sessions.ts) of those alive. */
export async function aliveSessions(db: Queryable, sessions: LiveSession[], nowMs: number): Promise<Set<string>> {
  const pairs = sessions.map(({ userId, sessionId }) => ({ family: sessionId, userId }));
  const alive = await tokens.liveFamilies(db, pairs, new Date(nowMs));
  return new Set(alive.map((row) => sessionKey(row.user_id, row.family)));
}
