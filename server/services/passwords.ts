/**
 * Password hashing with argon2id (OWASP's recommended parameters: 19 MiB,
 * 2 passes, 1 lane — the library defaults). Hashing runs on libuv's thread
 * pool, so logins do not block the event loop.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

const ARGON2ID = 2 as Algorithm;
const owasp = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };
// Under the test runner (NODE_ENV=test, which Vitest sets and test servers inherit) argon2id
// runs at 1 MiB and one pass: the same code, format and verification in ~1 ms instead of
// ~40 ms, a few hundred times a suite run (decision 024). Nothing else sets NODE_ENV=test: a
// release build without it runs as production, and every hash records its own parameters.
export function hashOptionsFor(nodeEnv: string | undefined): typeof owasp {
  return nodeEnv === 'test' ? { ...owasp, memoryCost: 1024, timeCost: 1 } : owasp;
}

const options = hashOptionsFor(process.env.NODE_ENV);

// Compared against when the email is unknown, so a wrong email costs as much
// time as a wrong password and response times do not reveal who has an account.
let decoyHash: Promise<string> | null = null;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** True when `password` matches `passwordHash`; a null hash burns the same time and is false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoyHash ??= hashPassword('decoy-password-never-matches');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
