/**
 * Whose tokens are stored: the `sub` claim of the access token (a JWT). The
 * service worker has no auth store, so it reads the account from the token
 * itself; entries stamped with another account stay paused.
 */
import type { StoredTokens } from '../api/api-client.ts';

export function userIdFromTokens(tokens: StoredTokens | null): number | null {
  if (!tokens) return null;
  const payload = tokens.access.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/')) as string;
    const claims = JSON.parse(json) as { sub?: unknown; user_id?: unknown };
    const raw = claims.sub ?? claims.user_id;
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}
