/**
 * SQL for the users table: finding accounts, passwords, email addresses and
 * row locks. Unverified registrations are in registrations.ts, the profile
 * document in profile.ts, the events list revision (users.events_rev) in
 * events.ts and event-writes.ts.
 */
import type { Queryable } from '../client.ts';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  user_type: string;
  verified: boolean;
}

/** The account of `email` (any case); an unverified one only when created after `pendingCreatedAfter`. */
export async function findUserByEmail(
  db: Queryable,
  email: string,
  pendingCreatedAfter: Date,
): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `SELECT id::int AS id, email, password_hash, user_type, verified_at IS NOT NULL AS verified
       FROM users WHERE lower(email) = lower($1) AND (verified_at IS NOT NULL OR created_at > $2)`,
    [email, pendingCreatedAfter],
  );
  return result.rows[0] ?? null;
}

export async function findUserById(db: Queryable, userId: number): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `SELECT id::int AS id, email, password_hash, user_type, verified_at IS NOT NULL AS verified
       FROM users WHERE id = $1`,
    [userId],
  );
  return result.rows[0] ?? null;
}

export async function setPasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

/** Locks the user's row; returns their email, or null when the user is gone. */
export async function lockUserEmail(tx: Queryable, userId: number): Promise<string | null> {
  const result = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return result.rows[0]?.email ?? null;
}

/** Locks another account holding `email` (any case), if there is one. */
export async function lockOtherHolderOfEmail(
  tx: Queryable,
  email: string,
  exceptUserId: number,
): Promise<{ id: number; pending: boolean } | null> {
  const result = await tx.query<{ id: number; pending: boolean }>(
    `SELECT id::int AS id, verified_at IS NULL AS pending FROM users
      WHERE lower(email) = lower($1) AND id <> $2 FOR UPDATE`,
    [email, exceptUserId],
  );
  return result.rows[0] ?? null;
}

export async function setEmail(db: Queryable, userId: number, email: string): Promise<void> {
  await db.query('UPDATE users SET email = $2 WHERE id = $1', [userId, email]);
}

export async function deleteUser(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [userId]);
}

/** Takes the user's row lock, so writes of one account that must not overlap queue here. */
export async function lockUser(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

/** Which of `emails` have an account (exact case). */
export async function existingEmails(db: Queryable, emails: string[]): Promise<string[]> {
  const result = await db.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1::text[])', [emails]);
  return result.rows.map((row) => row.email);
}

export interface VerifiedUser {
  email: string;
  passwordHash: string;
  full_name: string;
  display_name: string;
  bio: string;
  is_promoter: boolean;
  user_type: string;
}

/** Inserts an already verified user (the demo accounts); null when the email is taken. */
export async function insertVerifiedUser(tx: Queryable, user: VerifiedUser): Promise<number | null> {
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, full_name, display_name, bio, is_promoter, user_type, verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now()) ON CONFLICT DO NOTHING RETURNING id::int AS id`,
    [user.email, user.passwordHash, user.full_name, user.display_name, user.bio, user.is_promoter, user.user_type],
  );
  return inserted.rows[0]?.id ?? null;
}
