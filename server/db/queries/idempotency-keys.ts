/**
 * SQL for idempotency_keys: one row per caller scope and key, claimed before
 * the write runs and completed with the answer (http/idempotency.ts).
 */
import type { Queryable } from '../client.ts';

export interface IdempotencyClaim {
  scope: string;
  key: string;
  method: string;
  path: string;
  fingerprint: string;
  now: Date;
  /** A row created before this has expired and may be claimed again. */
  expiredBefore: Date;
  /** A row with no answer created before this was abandoned and may be claimed again. */
  abandonedBefore: Date;
}

/** Inserts the key, or takes over an expired or abandoned row; false when another row holds it. */
export async function claimIdempotencyKey(db: Queryable, claim: IdempotencyClaim): Promise<boolean> {
  const claimed = await db.query(
    `INSERT INTO idempotency_keys AS k (scope, key, method, path, fingerprint, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (scope, key) DO UPDATE
       SET method = $3, path = $4, fingerprint = $5, created_at = $6,
           status = NULL, content_type = NULL, body = NULL
       WHERE k.created_at < $7 OR (k.status IS NULL AND k.created_at < $8)
     RETURNING 1 AS claimed`,
    [
      claim.scope,
      claim.key,
      claim.method,
      claim.path,
      claim.fingerprint,
      claim.now,
      claim.expiredBefore,
      claim.abandonedBefore,
    ],
  );
  return claimed.rows.length > 0;
}

export interface StoredAnswer {
  method?: string;
  path?: string;
  fingerprint: string | null;
  /** Null while the first request is still running. */
  status: number | null;
  content_type: string | null;
  body: string | null;
}

export async function findIdempotencyRecord(db: Queryable, scope: string, key: string): Promise<StoredAnswer | null> {
  const found = await db.query<StoredAnswer>(
    'SELECT method, path, fingerprint, status, content_type, body FROM idempotency_keys WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  return found.rows[0] ?? null;
}

/** The oldest answer to the same key and bytes sent anonymously from another address since `since`. */
export async function findAnonymousAnswerElsewhere(
  db: Queryable,
  key: string,
  exceptScope: string,
  fingerprint: string,
  since: Date,
): Promise<StoredAnswer | null> {
  const elsewhere = await db.query<StoredAnswer>(
    `SELECT fingerprint, status, content_type, body FROM idempotency_keys
      WHERE key = $1 AND scope LIKE 'anon:%' AND scope <> $2 AND fingerprint = $3
        AND status IS NOT NULL AND created_at >= $4
      ORDER BY created_at LIMIT 1`,
    [key, exceptScope, fingerprint, since],
  );
  return elsewhere.rows[0] ?? null;
}

export async function storeIdempotentAnswer(
  db: Queryable,
  scope: string,
  key: string,
  answer: { status: number; contentType: string | null; body: string | null },
): Promise<void> {
  await db.query(
    'UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5 WHERE scope = $1 AND key = $2',
    [scope, key, answer.status, answer.contentType, answer.body],
  );
}

export async function deleteIdempotencyKey(db: Queryable, scope: string, key: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key]);
}

export async function deleteIdempotencyKeysCreatedBefore(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [before]);
}
