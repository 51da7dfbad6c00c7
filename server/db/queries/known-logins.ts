/** SQL for known_logins: the addresses each account has signed in from, and when last. */
import type { Queryable } from '../client.ts';

export async function isKnownLogin(db: Queryable, userId: number, ip: string, since: Date): Promise<boolean> {
  const result = await db.query<{ known: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM known_logins WHERE user_id = $1 AND ip = $2 AND last_success_at > $3) AS known',
    [userId, ip, since],
  );
  return result.rows[0]?.known === true;
}

export async function rememberLogin(db: Queryable, userId: number, ip: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO known_logins (user_id, ip, last_success_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, ip) DO UPDATE SET last_success_at = $3`,
    [userId, ip, at],
  );
}

export async function deleteLoginsUnusedSince(db: Queryable, since: Date): Promise<void> {
  await db.query('DELETE FROM known_logins WHERE last_success_at <= $1', [since]);
}
