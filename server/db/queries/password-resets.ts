/**
 * SQL for password_resets: one row per reset mail (code bound to its requester,
 * link usable anywhere). The rules live in services/password-resets.ts.
 */
import type { Queryable } from '../client.ts';

/** How a reset request proved it is the one that asked: its cookie, or (without a cookie) its address. */
export type RequesterProof = { by: 'cookie' | 'address'; hash: string };

export interface PasswordResetRow {
  id: string;
  code_hash: string;
  /** Wrong tries made with the same kind of proof as this request. */
  wrong_attempts: number;
  created_at: Date;
  code_expires_at: Date;
}

export interface ResetMailHistory {
  last_sent_at: Date | null;
  in_last_hour: number;
  in_last_day: number;
}

/** Serialises reset mails of one account across processes (the budget is read, then a row added). */
export async function lockUserForReset(db: Queryable, userId: number): Promise<void> {
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function resetMailHistory(db: Queryable, userId: number, now: Date): Promise<ResetMailHistory> {
  const found = await db.query<{ last_sent_at: Date | null; in_last_hour: number; in_last_day: number }>(
    `SELECT max(created_at) AS last_sent_at,
            count(*) FILTER (WHERE created_at > $2::timestamptz - interval '1 hour')::int AS in_last_hour,
            count(*) FILTER (WHERE created_at > $2::timestamptz - interval '1 day')::int AS in_last_day
       FROM password_resets WHERE user_id = $1`,
    [userId, now],
  );
  return found.rows[0] ?? { last_sent_at: null, in_last_hour: 0, in_last_day: 0 };
}

export async function insertPasswordReset(
  db: Queryable,
  row: {
    userId: number;
    codeHash: string;
    linkHash: string;
    cookieHash: string | null;
    addressHash: string;
    createdAt: Date;
    codeExpiresAt: Date;
    linkExpiresAt: Date;
  },
  keepNewest: number,
): Promise<void> {
  await db.query(
    `INSERT INTO password_resets
       (user_id, code_hash, link_hash, cookie_hash, address_hash, created_at, code_expires_at, link_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.userId,
      row.codeHash,
      row.linkHash,
      row.cookieHash,
      row.addressHash,
      row.createdAt,
      row.codeExpiresAt,
      row.linkExpiresAt,
    ],
  );
  await db.query(
    `DELETE FROM password_resets WHERE user_id = $1 AND id NOT IN (
       SELECT id FROM password_resets WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [row.userId, keepNewest],
  );
}

/** The account's resets asked for by the requester with `proof`, newest first, locked. */
export async function lockRequesterResets(
  db: Queryable,
  userId: number,
  proof: RequesterProof,
): Promise<PasswordResetRow[]> {
  const found = await db.query<PasswordResetRow>(
    proof.by === 'cookie'
      ? `SELECT id::text AS id, code_hash, wrong_by_cookie AS wrong_attempts, created_at, code_expires_at
           FROM password_resets WHERE user_id = $1 AND cookie_hash = $2
          ORDER BY created_at DESC, id DESC FOR UPDATE`
      : `SELECT id::text AS id, code_hash, wrong_by_address AS wrong_attempts, created_at, code_expires_at
           FROM password_resets WHERE user_id = $1 AND address_hash = $2
          ORDER BY created_at DESC, id DESC FOR UPDATE`,
    [userId, proof.hash],
  );
  return found.rows;
}

export async function countWrongResetCode(db: Queryable, id: string, by: RequesterProof['by']): Promise<void> {
  await db.query(
    by === 'cookie'
      ? 'UPDATE password_resets SET wrong_by_cookie = wrong_by_cookie + 1 WHERE id = $1'
      : 'UPDATE password_resets SET wrong_by_address = wrong_by_address + 1 WHERE id = $1',
    [id],
  );
}

/** The account a live reset link belongs to, locked; undefined when unknown, used or expired. */
export async function lockResetLink(
  db: Queryable,
  linkHash: string,
  now: Date,
): Promise<{ user_id: number } | undefined> {
  const found = await db.query<{ user_id: number }>(
    'SELECT user_id::int AS user_id FROM password_resets WHERE link_hash = $1 AND link_expires_at > $2 FOR UPDATE',
    [linkHash, now],
  );
  return found.rows[0];
}

/** A new password (by reset or change) or a new email makes every pending reset worthless. */
export async function deletePasswordResets(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
}

export async function deletePasswordResetsExpiredBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM password_resets WHERE link_expires_at < $1', [before]);
}
