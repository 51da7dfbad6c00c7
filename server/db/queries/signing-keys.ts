/**
 * SQL for signing_keys, the database's key ring for access tokens
 * (services/secrets.ts). Creating and rotating keys happens under one
 * advisory lock, so instances starting or rotating at once agree on one key.
 */
import type { Queryable } from '../client.ts';

/** Distinct from the migration (724311) and gazetteer-load (724313) locks. */
const KEY_RING_LOCK = 724312;

/** Holds the key-ring lock until the transaction ends. */
export async function lockKeyRing(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [KEY_RING_LOCK]);
}

export async function countActiveSigningKeys(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM signing_keys WHERE retired_at IS NULL',
  );
  return rows[0]?.n ?? 0;
}

export interface SigningKeyRow {
  kid: string;
  secret: string;
  retired_at: Date | null;
}

/** Every key, newest first. */
export async function listSigningKeys(db: Queryable): Promise<SigningKeyRow[]> {
  const { rows } = await db.query<SigningKeyRow>(
    'SELECT kid, secret, retired_at FROM signing_keys ORDER BY created_at DESC, kid',
  );
  return rows;
}

/** Adds a key created now (by the database clock). */
export async function insertSigningKey(db: Queryable, kid: string, secret: string): Promise<void> {
  await db.query('INSERT INTO signing_keys (kid, secret) VALUES ($1, $2)', [kid, secret]);
}

export async function insertSigningKeyCreatedAt(
  db: Queryable,
  kid: string,
  secret: string,
  createdAt: Date,
): Promise<void> {
  await db.query('INSERT INTO signing_keys (kid, secret, created_at) VALUES ($1, $2, $3)', [kid, secret, createdAt]);
}

/** Retires every active key; returns their kids. */
export async function retireActiveSigningKeys(db: Queryable, at: Date): Promise<string[]> {
  const retired = await db.query<{ kid: string }>(
    'UPDATE signing_keys SET retired_at = $1 WHERE retired_at IS NULL RETURNING kid',
    [at],
  );
  return retired.rows.map((r) => r.kid);
}

/** Deletes keys retired before `before`; returns their kids. */
export async function deleteKeysRetiredBefore(db: Queryable, before: Date): Promise<string[]> {
  const deleted = await db.query<{ kid: string }>(
    'DELETE FROM signing_keys WHERE retired_at IS NOT NULL AND retired_at < $1 RETURNING kid',
    [before],
  );
  return deleted.rows.map((r) => r.kid);
}
