/**
 * User rows and the profile document (`GET /api/auth/profile/`), built in
 * SQL so the server sends the database's JSON as is.
 *
 * Registrations that are never verified expire after
 * PENDING_REGISTRATION_TTL_MS: an expired one counts as no account at all
 * (login, verify, resend, reset see nothing) and housekeeping deletes it. A
 * new registration of an email still pending replaces the pending one
 * (password, names, code), so whoever proves the inbox decides the password,
 * not whoever registered first (issue 12, pre-claim).
 */
import type { Queryable } from '../db/client.ts';

/** How long an unverified registration waits for its code (7 days). */
export const PENDING_REGISTRATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  user_type: string;
  verified: boolean;
}

/** The account of `email` (any case), ignoring an unverified registration that has expired. */
export async function findUserByEmail(db: Queryable, email: string, nowMs: number): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `SELECT id::int AS id, email, password_hash, user_type, verified_at IS NOT NULL AS verified
       FROM users WHERE lower(email) = lower($1) AND (verified_at IS NOT NULL OR created_at > $2)`,
    [email, new Date(nowMs - PENDING_REGISTRATION_TTL_MS)],
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

export interface Registration {
  email: string;
  passwordHash: string;
  full_name: string;
  display_name: string;
  date_of_birth: string | null;
  gender: string;
  is_promoter: boolean;
  user_type: string;
}

/**
 * Stores a registration: a new unverified user, or the replacement of a
 * pending (unverified, even expired) one of the same email. Returns the
 * user id, or null when a verified account already has the email.
 * Run inside a transaction: the pending row is locked while it is replaced.
 */
export async function storeRegistration(tx: Queryable, reg: Registration, nowMs: number): Promise<number | null> {
  const values = [
    reg.email,
    reg.passwordHash,
    reg.full_name,
    reg.display_name,
    reg.date_of_birth,
    reg.gender,
    reg.is_promoter,
    reg.user_type,
    new Date(nowMs),
  ];
  // Two tries: a concurrent first registration of the same email may insert between our look and our insert.
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await tx.query<{ id: number; verified: boolean }>(
      `SELECT id::int AS id, verified_at IS NOT NULL AS verified FROM users WHERE lower(email) = lower($1) FOR UPDATE`,
      [reg.email],
    );
    const row = existing.rows[0];
    if (row?.verified) return null;
    if (row) {
      await tx.query(
        `UPDATE users SET email = $2, password_hash = $3, full_name = $4, display_name = $5, date_of_birth = $6,
                gender = $7, is_promoter = $8, user_type = $9, created_at = $10
          WHERE id = $1`,
        [row.id, ...values],
      );
      return row.id;
    }
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, full_name, display_name, date_of_birth, gender, is_promoter, user_type,
                          created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT DO NOTHING RETURNING id::int AS id`,
      values,
    );
    const id = inserted.rows[0]?.id;
    if (id !== undefined) return id;
  }
  return null;
}

/** Deletes unverified registrations older than PENDING_REGISTRATION_TTL_MS; returns how many. */
export async function deleteExpiredRegistrations(db: Queryable, nowMs: number): Promise<number> {
  const result = await db.query<{ id: number }>(
    'DELETE FROM users WHERE verified_at IS NULL AND created_at <= $1 RETURNING id::int AS id',
    [new Date(nowMs - PENDING_REGISTRATION_TTL_MS)],
  );
  return result.rows.length;
}

/** The profile as JSON text, or null when the user no longer exists. */
export async function profileJson(db: Queryable, userId: number, mediaBase: string): Promise<string | null> {
  const result = await db.query<{ body: string }>(
    `SELECT json_build_object(
        'id', id, 'email', email, 'full_name', full_name, 'display_name', display_name, 'bio', bio,
        'profile_image', CASE WHEN profile_image IS NULL THEN NULL ELSE $2 || profile_image END,
        'date_of_birth', to_char(date_of_birth, 'YYYY-MM-DD'), 'gender', gender,
        'is_promoter', is_promoter, 'user_type', user_type)::text AS body
       FROM users WHERE id = $1`,
    [userId, mediaBase],
  );
  return result.rows[0]?.body ?? null;
}
