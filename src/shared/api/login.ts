import { apiRoutes } from '../contract/api-routes.ts';
import { TokenPairSchema, type TokenPair } from '../contract/user.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

export interface LoginBody {
  email: string;
  password: string;
}

/** `POST /auth/login/` → the token pair; a wrong email or password is an ApiError 401 (never refreshed). */
export async function login(client: ApiClient, body: LoginBody): Promise<TokenPair> {
  const { data } = await client.request('POST', apiRoutes.login, { json: body, auth: false });
  return parseResponse(TokenPairSchema, data, 'login');
}
