import { apiRoutes } from '../contract/api-routes.ts';
import { UserSchema, type User } from '../contract/user.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `GET /auth/profile/` → the signed-in user. */
export async function getProfile(client: ApiClient, signal?: AbortSignal): Promise<User> {
  const { data } = await client.request('GET', apiRoutes.profile, signal ? { signal } : {});
  return parseResponse(UserSchema, data, 'profile');
}
