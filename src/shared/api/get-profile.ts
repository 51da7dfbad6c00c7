import { apiRoutes } from '../contract/api-routes.ts';
import { UserSchema, type User } from '../contract/user.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /auth/profile/` → the signed-in user: their own, whatever account they have chosen to act for. */
export async function getProfile(client: ApiClient, signal?: AbortSignal): Promise<User> {
  const { data } = await client.request(
    'GET',
    apiRoutes.profile,
    signal ? { signal, account: null } : { account: null },
  );
  return parseResponse(UserSchema, data, 'profile');
}

/** `GET /auth/profile/` for the account a team member acts for (X-Account): the owner's profile. */
export async function getAccountProfile(client: ApiClient, account: number, signal?: AbortSignal): Promise<User> {
  const { data } = await client.request('GET', apiRoutes.profile, signal ? { signal, account } : { account });
  return parseResponse(UserSchema, data, 'profile');
}
