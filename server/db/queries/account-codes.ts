/**
 * SQL for account_codes: one mailed code per user for an email change
 * (password resets are in password-resets.ts), stored as a hash (services/verification-codes.ts).
 */
import type { Queryable } from '../client.ts';
import type { StoredCode } from './verification-codes.ts';

export type AccountCodePurpose = 'password-reset' | 'email-change';

/** Stores the user's code for `purpose`, replacing any previous one and its wrong tries. */
export async function upsertAccountCode(
  db: Queryable,
  userId: number,
  purpose: AccountCodePurpose,
  code: { hash: string; expiresAt: Date; sentAt: Date; newEmail: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO account_codes (user_id, purpose, code_hash, expires_at, wrong_attempts, sent_at, new_email)
     VALUES ($1, $2, $3, $4, 0, $5, $6)
     ON CONFLICT (user_id, purpose) DO UPDATE
       SET code_hash = $3, expires_at = $4, wrong_attempts = 0, sent_at = $5, new_email = $6`,
    [userId, purpose, code.hash, code.expiresAt, code.sentAt, code.newEmail],
  );
}

export async function lockAccountCode(
  db: Queryable,
  userId: number,
  purpose: AccountCodePurpose,
): Promise<(StoredCode & { new_email: string | null }) | undefined> {
  const found = await db.query<StoredCode & { new_email: string | null }>(
    `SELECT code_hash, expires_at, wrong_attempts, new_email FROM account_codes
      WHERE user_id = $1 AND purpose = $2 FOR UPDATE`,
    [userId, purpose],
  );
  return found.rows[0];
}

/** The address a pending email change would prove, if the user has one. */
export async function pendingEmailChangeTarget(db: Queryable, userId: number): Promise<string | null> {
  const found = await db.query<{ new_email: string | null }>(
    "SELECT new_email FROM account_codes WHERE user_id = $1 AND purpose = 'email-change'",
    [userId],
  );
  return found.rows[0]?.new_email?.toLowerCase() ?? null;
}

export async function deleteAccountCode(db: Queryable, userId: number, purpose: AccountCodePurpose): Promise<void> {
  await db.query('DELETE FROM account_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
}

export async function countWrongAccountCodeTry(
  db: Queryable,
  userId: number,
  purpose: AccountCodePurpose,
): Promise<void> {
  await db.query('UPDATE account_codes SET wrong_attempts = wrong_attempts + 1 WHERE user_id = $1 AND purpose = $2', [
    userId,
    purpose,
  ]);
}

export async function deleteAccountCodesExpiredBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM account_codes WHERE expires_at < $1', [before]);
}
