/** SQL for server_secrets: named secrets every instance on one database shares. */
import type { Queryable } from '../client.ts';

export async function readServerSecret(db: Queryable, name: string): Promise<string | null> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  return rows[0]?.value ?? null;
}

/** Stores the secret unless one of that name exists (the first instance to start wins). */
export async function insertServerSecretIfMissing(db: Queryable, name: string, value: string): Promise<void> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    value,
  ]);
}
