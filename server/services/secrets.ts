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
import { insertServerSecretIfMissing, readServerSecret } from '../db/queries/server-secrets.ts';
import {
  countActiveSigningKeys,
  deleteKeysRetiredBefore,
  insertSigningKey,
  insertSigningKeyCreatedAt,
  listSigningKeys,
  lockKeyRing,
  retireActiveSigningKeys,
} from '../db/queries/signing-keys.ts';

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

const CODE_SECRET = 'verification-codes';

function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

function newKid(): string {
  return randomBytes(9).toString('base64url');
}

async function insertFirstKeys(tx: Queryable): Promise<void> {
  await lockKeyRing(tx);
  if ((await countActiveSigningKeys(tx)) === 0) await insertSigningKey(tx, newKid(), newSecret());
  await insertServerSecretIfMissing(tx, CODE_SECRET, newSecret());
}

/**
 * Makes sure a signing key and the code-hashing secret exist (the first
 * instance to start creates them; the others find them) and returns the
 * code-hashing secret, which takes JWT_SECRET's other job.
 */
export async function ensureServerSecrets(db: Db): Promise<string> {
  let secret = await readServerSecret(db, CODE_SECRET);
  const active = await countActiveSigningKeys(db);
  if (secret === null || active === 0) {
    await db.transaction(insertFirstKeys);
    secret = await readServerSecret(db, CODE_SECRET);
  }
  if (secret === null) throw new Error('The server secret could not be created.');
  return secret;
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
        const rows = await listSigningKeys(db);
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
    await lockKeyRing(tx);
    const now = new Date(nowMs);
    const retired = await retireActiveSigningKeys(tx, now);
    const kid = newKid();
    await insertSigningKeyCreatedAt(tx, kid, newSecret(), now);
    const deleted = await deleteKeysRetiredBefore(tx, new Date(nowMs - graceMs));
    return { kid, retired, deleted };
  });
}
