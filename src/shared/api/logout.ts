import { apiRoutes } from '../contract/api-routes.ts';
import type { ApiClient } from './api-client.ts';

/**
 * Asks the server to revoke a refresh token (`POST /auth/logout/`). Best effort:
 * offline or failing, the user is still signed out on this device, and an
 * unrevoked refresh token expires on its own.
 */
export async function revokeRefreshToken(client: ApiClient, refresh: string): Promise<void> {
  try {
    await client.request('POST', apiRoutes.logout, { json: { refresh }, auth: false });
  } catch {
    // Best effort, see above.
  }
}

/** Signs out: tokens are cleared first (so nothing can use them any more), then the server is told. */
export async function logout(client: ApiClient): Promise<void> {
  const refresh = await client.signOut();
  if (refresh) await revokeRefreshToken(client, refresh);
}
