/**
 * SQL for registrations: users rows whose email is not verified yet
 * (verified_at IS NULL). services/users.ts holds the rules (pending ones
 * expire, a new registration replaces a pending one).
 */
import type { Queryable } from '../client.ts';

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

function registrationValues(reg: Registration, createdAt: Date): unknown[] {
  return [
    reg.email,
    reg.passwordHash,
    reg.full_name,
    reg.display_name,
    reg.date_of_birth,
    reg.gender,
    reg.is_promoter,
    reg.user_type,
    createdAt,
  ];
}

/** Locks the account of `email` (any case), verified or not. */
export async function lockUserByEmail(tx: Queryable, email: string): Promise<{ id: number; verified: boolean } | null> {
  const result = await tx.query<{ id: number; verified: boolean }>(
    `SELECT id::int AS id, verified_at IS NOT NULL AS verified FROM users WHERE lower(email) = lower($1) FOR UPDATE`,
    [email],
  );
  return result.rows[0] ?? null;
}

/** Overwrites a pending registration with a new one of the same email. */
export async function replaceRegistration(
  tx: Queryable,
  userId: number,
  reg: Registration,
  createdAt: Date,
): Promise<void> {
  await tx.query(
    `UPDATE users SET email = $2, password_hash = $3, full_name = $4, display_name = $5, date_of_birth = $6,
            gender = $7, is_promoter = $8, user_type = $9, created_at = $10
      WHERE id = $1`,
    [userId, ...registrationValues(reg, createdAt)],
  );
}

/** Inserts an unverified user; null when the email is already taken. */
export async function insertRegistration(tx: Queryable, reg: Registration, createdAt: Date): Promise<number | null> {
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, full_name, display_name, date_of_birth, gender, is_promoter, user_type,
                        created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT DO NOTHING RETURNING id::int AS id`,
    registrationValues(reg, createdAt),
  );
  return inserted.rows[0]?.id ?? null;
}

/** Deletes unverified registrations created at or before `createdBy`; returns how many. */
export async function deleteRegistrationsCreatedBy(db: Queryable, createdBy: Date): Promise<number> {
  const result = await db.query<{ id: number }>(
    'DELETE FROM users WHERE verified_at IS NULL AND created_at <= $1 RETURNING id::int AS id',
    [createdBy],
  );
  return result.rows.length;
}

export async function markVerified(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query('UPDATE users SET verified_at = $2 WHERE id = $1', [userId, at]);
}
