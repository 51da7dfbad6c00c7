/**
 * SQL for the profile (`GET` and `PATCH /api/auth/profile/`), a view of the
 * users row built in SQL so the server sends the database's JSON as is.
 */
import type { ProfileUpdateFields } from '../../../src/shared/contract/profile.ts';
import type { Queryable } from '../client.ts';

/** Columns a PATCH may set, besides the photo. */
const columns = ['display_name', 'bio', 'full_name', 'gender', 'date_of_birth'] as const;

/** The profile as JSON text, or null when the user no longer exists. */
export async function profileJson(db: Queryable, userId: number, mediaBase: string): Promise<string | null> {
  const result = await db.query<{ body: string }>(
    `SELECT json_build_object(
        'id', id, 'email', email, 'full_name', full_name, 'display_name', display_name, 'bio', bio,
        'profile_image', CASE WHEN profile_image IS NULL THEN NULL ELSE $2 || profile_image END,
        'date_of_birth', to_char(date_of_birth, 'YYYY-MM-DD'), 'gender', gender,
        'is_promoter', is_promoter, 'user_type', user_type,
        'public_name', (SELECT p.display_name FROM public_names p WHERE p.user_id = users.id AND p.released_at IS NULL)
      )::text AS body
       FROM users WHERE id = $1`,
    [userId, mediaBase],
  );
  return result.rows[0]?.body ?? null;
}

/**
 * Sets the fields that were sent and, when given, the new photo. Returns the
 * photo it replaced (null when none, or when there was nothing to set). The
 * public name that goes with a new display name is claimed first
 * (services/public-names.ts).
 */
export async function updateProfile(
  db: Queryable,
  userId: number,
  fields: ProfileUpdateFields,
  profileImage: string | null,
): Promise<string | null> {
  const sets: string[] = [];
  const params: unknown[] = [userId];
  for (const column of columns) {
    const value = fields[column];
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (profileImage) {
    params.push(profileImage);
    sets.push(`profile_image = $${params.length}`);
  }
  if (!sets.length) return null;
  const result = await db.query<{ old_image: string | null }>(
    `UPDATE users u SET ${sets.join(', ')} FROM users old
      WHERE u.id = $1 AND old.id = u.id
      RETURNING old.profile_image AS old_image`,
    params,
  );
  return result.rows[0]?.old_image ?? null;
}
