/**
 * SQL for email_verifications: one mailed code per unverified user, stored
 * as a hash (services/verification-codes.ts).
 */
import type { Queryable } from '../client.ts';

export interface StoredCode {
  code_hash: string;
  expires_at: Date;
  wrong_attempts: number;
}

/** Stores the user's code, replacing any previous one and its wrong tries. */
export async function upsertVerificationCode(
  db: Queryable,
  userId: number,
  code: { hash: string; expiresAt: Date; sentAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO email_verifications (user_id, code_hash, expires_at, wrong_attempts, sent_at)
     VALUES ($1, $2, $3, 0, $4)
     ON CONFLICT (user_id) DO UPDATE SET code_hash = $2, expires_at = $3, wrong_attempts = 0, sent_at = $4`,
    [userId, code.hash, code.expiresAt, code.sentAt],
  );
}

export async function lockVerificationCode(db: Queryable, userId: number): Promise<StoredCode | undefined> {
  const found = await db.query<StoredCode>(
    'SELECT code_hash, expires_at, wrong_attempts FROM email_verifications WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return found.rows[0];
}

export async function deleteVerificationCode(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM email_verifications WHERE user_id = $1', [userId]);
}

export async function countWrongVerificationTry(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE email_verifications SET wrong_attempts = wrong_attempts + 1 WHERE user_id = $1', [userId]);
}
