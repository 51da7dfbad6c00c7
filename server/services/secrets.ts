/**
 * Server secrets. With JWT_SECRET set, that one key signs every token and
 * hashes verification codes, as before. Without it the keys live in the
 * database (tables signing_keys and server_secrets, migration 010), so any
 * number of instances on one database — on one machine or many — sign and
 * verify the same tokens: created once by whichever instance starts first
 * (an advisory lock makes simultaneous first starts agree on one key), rotated
 * by `npm run keys:rotate`. A token names its key in the `kid` header, so
 * tokens signed before a rotation verify until they expire.
 *
 * `loadJwtSecretSync` (a key file in DATA_DIR) remains for apps built in
 * process without a database-backed key ring (the dev server, tests).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from '../db/client.ts';

export function loadJwtSecretSync(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a key shorter than 32 characters; delete it to regenerate.`);
  return secret;
}

export interface SigningKey {
  /** Written into the token's `kid` header; null for the single JWT_SECRET key. */
  kid: string | null;
  key: Uint8Array;
}

export interface SigningKeys {
  /** The key new tokens are signed with. */
  current(): Promise<SigningKey>;
  /** The key a token's `kid` header names, or null when there is none (retired, forged). */
  find(kid: string | undefined): Promise<Uint8Array | null>;
}

const encode = (secret: string) => new TextEncoder().encode(secret);

/** One fixed key (JWT_SECRET): no `kid`, and any `kid` a token carries is ignored. */
export function staticSigningKeys(secret: string): SigningKeys {
  const key = encode(secret);
  return {
    current: async () => ({ kid: null, key }),
    find: async () => key,
  };
}

const ADVISORY_LOCK = 724312;
const CODE_SECRET = 'verification-codes';

function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

function newKid(): string {
  return randomBytes(9).toString('base64url');
}

async function insertFirstKeys(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCK]);
  const { rows } = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM signing_keys WHERE retired_at IS NULL',
  );
  if ((rows[0]?.n ?? 0) === 0) {
    await tx.query('INSERT INTO signing_keys (kid, secret) VALUES ($1, $2)', [newKid(), newSecret()]);
  }
  await tx.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    CODE_SECRET,
    newSecret(),
  ]);
}

/**
 * Makes sure a signing key and the code-hashing secret exist (the first
 * instance to start creates them; the others find them) and returns the
 * code-hashing secret, which takes JWT_SECRET's other job.
 */
export async function ensureServerSecrets(db: Db): Promise<string> {
  const read = () => db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [CODE_SECRET]);
  let { rows } = await read();
  const active = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_keys WHERE retired_at IS NULL');
  if (!rows[0] || (active.rows[0]?.n ?? 0) === 0) {
    await db.transaction(insertFirstKeys);
    ({ rows } = await read());
  }
  if (!rows[0]) throw new Error('The server secret could not be created.');
  return rows[0].value;
}

interface KeyRow {
  kid: string;
  secret: string;
  retired_at: Date | null;
}

/**
 * The database's key ring, cached in memory. The cache is re-read every
 * `refreshMs` (so a rotation reaches every instance within that time) and
 * when a token names a key not seen yet — at most once a second, so tokens
 * with made-up `kid`s cannot turn into a query each.
 */
export function databaseSigningKeys(db: Queryable, refreshMs = 30_000): SigningKeys {
  let keys = new Map<string, Uint8Array>();
  let current: SigningKey | null = null;
  let loadedAt = 0;
  let loading: Promise<void> | null = null;

  const load = () =>
    (loading ??= (async () => {
      try {
        const { rows } = await db.query<KeyRow>(
          'SELECT kid, secret, retired_at FROM signing_keys ORDER BY created_at DESC, kid',
        );
        keys = new Map(rows.map((row) => [row.kid, encode(row.secret)]));
        const newest = rows.find((row) => row.retired_at === null);
        if (!newest) throw new Error('No signing key in the database; the server creates one at start.');
        current = { kid: newest.kid, key: encode(newest.secret) };
        loadedAt = Date.now();
      } finally {
        loading = null;
      }
    })());

  return {
    async current() {
      if (!current || Date.now() - loadedAt > refreshMs) await load();
      return current!;
    },
    async find(kid) {
      if (!kid) return null;
      if (Date.now() - loadedAt > refreshMs) await load();
      let key = keys.get(kid);
      if (!key && Date.now() - loadedAt > 1000) {
        await load();
        key = keys.get(kid);
      }
      return key ?? null;
    },
  };
}

export interface Rotation {
  kid: string;
  retired: string[];
  deleted: string[];
}

/**
 * Adds a new signing key and retires the current one. Retired keys keep
 * verifying; they are deleted once no token they signed can still be valid:
 * the access token lifetime plus the time instances may keep signing with a
 * cached key, plus a margin.
 */
export async function rotateSigningKeys(
  db: Db,
  accessTokenTtlSeconds: number,
  nowMs = Date.now(),
  cacheMs = 30_000,
): Promise<Rotation> {
  const graceMs = accessTokenTtlSeconds * 1000 + cacheMs + 60_000;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCK]);
    const now = new Date(nowMs);
    const retired = await tx.query<{ kid: string }>(
      'UPDATE signing_keys SET retired_at = $1 WHERE retired_at IS NULL RETURNING kid',
      [now],
    );
    const kid = newKid();
    await tx.query('INSERT INTO signing_keys (kid, secret, created_at) VALUES ($1, $2, $3)', [kid, newSecret(), now]);
    const deleted = await tx.query<{ kid: string }>(
      'DELETE FROM signing_keys WHERE retired_at IS NOT NULL AND retired_at < $1 RETURNING kid',
      [new Date(nowMs - graceMs)],
    );
    return { kid, retired: retired.rows.map((r) => r.kid), deleted: deleted.rows.map((r) => r.kid) };
  });
}
