/**
 * Signs the benchmark's accounts in before a run (scripts/bench/api.ts,
 * versus-drf.ts): four at a time, each from a random address (the servers run
 * with TRUST_PROXY=1) so per-address limits do not slow the set-up, waiting
 * out a 429 rather than failing on it.
 */
import { randomBytes } from 'node:crypto';

export const BENCH_PASSWORD = 'bench-password-1';

/** A random 10.x.y.z address for X-Forwarded-For. */
export const randomIp = () => `10.${randomBytes(3).join('.')}`;

async function login(base: string, email: string): Promise<string> {
  for (;;) {
    const res = await fetch(`${base}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': randomIp() },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    if (res.ok) return ((await res.json()) as { access: string }).access;
    if (res.status !== 429) throw new Error(`login ${email} → ${res.status} ${await res.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** An access token per email (each signed in once). */
export async function loginAll(base: string, emails: string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const queue = [...new Set(emails)];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let email = queue.shift(); email; email = queue.shift()) tokens.set(email, await login(base, email));
    }),
  );
  return tokens;
}
