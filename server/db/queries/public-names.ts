/**
 * SQL for public_names: which account a public name (`/p/{name}`) belongs to,
 * and the names accounts gave up lately (for the 301). Keys come from
 * displayNameKey (src/shared/contract/name-key.ts).
 */
import { displayNameKey } from '../../../src/shared/contract/name-key.ts';
import { RENAMED_LINK_DAYS } from '../../../src/shared/contract/promoter-url.ts';
import type { Queryable } from '../client.ts';

/**
 * Makes `displayName` the account's public name unless another account holds
 * it (now, or gave it up less than RENAMED_LINK_DAYS ago); the account's
 * previous name is kept for its redirects. False when the name is taken — the
 * caller's transaction must then roll back (the previous name was given up).
 */
export async function claimPublicName(db: Queryable, userId: number, displayName: string, now: Date): Promise<boolean> {
  const key = displayNameKey(displayName);
  if (!key) return false;
  const holder = await db.query<{ user_id: number; released_at: Date | null }>(
    'SELECT user_id::int AS user_id, released_at FROM public_names WHERE name_key = $1 FOR UPDATE',
    [key],
  );
  const row = holder.rows[0];
  const heldUntil = row?.released_at ? new Date(row.released_at).getTime() + RENAMED_LINK_DAYS * 86_400_000 : Infinity;
  if (row && row.user_id !== userId && heldUntil > now.getTime()) return false;
  await db.query(
    'UPDATE public_names SET released_at = $3 WHERE user_id = $1 AND released_at IS NULL AND name_key <> $2',
    [userId, key, now],
  );
  // Two first claims of a fresh name race to the insert; the loser's update matches nothing.
  const claimed = await db.query(
    `INSERT INTO public_names (name_key, user_id, display_name, released_at) VALUES ($1, $2, $3, NULL)
     ON CONFLICT (name_key) DO UPDATE SET user_id = EXCLUDED.user_id, display_name = EXCLUDED.display_name,
                                          released_at = NULL
      WHERE public_names.user_id = EXCLUDED.user_id
         OR public_names.released_at < $4::timestamptz - $5::int * interval '1 day'
     RETURNING name_key`,
    [key, userId, displayName, now, RENAMED_LINK_DAYS],
  );
  return claimed.rows.length > 0;
}

/** The account's display name as it is now, locked for a rename; null when the account is gone. */
export async function lockDisplayName(db: Queryable, userId: number): Promise<string | null> {
  const found = await db.query<{ display_name: string }>('SELECT display_name FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ]);
  return found.rows[0]?.display_name ?? null;
}

/** The account's current public name, or null when it has none. */
export async function currentPublicName(db: Queryable, userId: number): Promise<string | null> {
  const found = await db.query<{ display_name: string }>(
    'SELECT display_name FROM public_names WHERE user_id = $1 AND released_at IS NULL',
    [userId],
  );
  return found.rows[0]?.display_name ?? null;
}

/**
 * Verified accounts with a display name but no public name, in the order they
 * took their names (the rename history's last entry, else sign-up): made before
 * public names existed, or beaten to their name.
 */
export async function accountsWithoutPublicName(
  db: Queryable,
  limit: number,
): Promise<{ id: number; display_name: string }[]> {
  const found = await db.query<{ id: number; display_name: string }>(
    `SELECT u.id::int AS id, u.display_name
       FROM users u
      WHERE u.verified_at IS NOT NULL AND u.display_name <> ''
        AND NOT EXISTS (SELECT 1 FROM public_names p WHERE p.user_id = u.id AND p.released_at IS NULL)
      ORDER BY coalesce((SELECT max(h.changed_at) FROM display_name_history h WHERE h.user_id = u.id),
                        u.verified_at, u.created_at), u.id
      LIMIT $1`,
    [limit],
  );
  return found.rows;
}

/** Names given up before public names existed, still inside their redirect time. */
export async function recentlyGivenUpNames(
  db: Queryable,
  now: Date,
): Promise<{ user_id: number; old_name: string; changed_at: Date }[]> {
  const found = await db.query<{ user_id: number; old_name: string; changed_at: Date }>(
    `SELECT user_id::int AS user_id, old_name, changed_at FROM display_name_history
      WHERE changed_at >= $1::timestamptz - $2::int * interval '1 day' ORDER BY changed_at`,
    [now, RENAMED_LINK_DAYS],
  );
  return found.rows;
}

/** Keeps a name an account gave up for its redirect, unless someone holds it. */
export async function rememberGivenUpName(
  db: Queryable,
  userId: number,
  oldName: string,
  changedAt: Date,
): Promise<void> {
  const key = displayNameKey(oldName);
  if (!key) return;
  await db.query(
    `INSERT INTO public_names (name_key, user_id, display_name, released_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name_key) DO NOTHING`,
    [key, userId, oldName, changedAt],
  );
}
