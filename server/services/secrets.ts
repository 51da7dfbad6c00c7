/**
 * The signing key. JWT_SECRET when set; otherwise a random key generated once
 * into DATA_DIR/jwt-secret (mode 600), so tokens survive restarts and every
 * process on one DATA_DIR shares it. Written with O_EXCL so concurrent starts
 * agree on one key. Runs once at start, so plain synchronous file access.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

export async function loadJwtSecret(configured: string | null, dataDir: string): Promise<string> {
  return loadJwtSecretSync(configured, dataDir);
}
