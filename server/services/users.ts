/**
 * User rows and the profile document (`GET /api/auth/profile/`), built in
 * SQL so the server sends the database's JSON as is.
 */
import type { Queryable } from '../db/client.ts';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  user_type: string;
  verified: boolean;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `SELECT id::int AS id, email, password_hash, user_type, verified_at IS NOT NULL AS verified
       FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return result.rows[0] ?? null;
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
