import { apiRoutes } from '../contract/api-routes.ts';
import { TokenPairSchema, type TokenPair } from '../contract/user.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `POST /auth/verify-email/` → the token pair, so the dashboard works right after (contract §3). */
export async function verifyEmail(client: ApiClient, body: { email: string; code: string }): Promise<TokenPair> {
  const { data } = await client.request('POST', apiRoutes.verifyEmail, { json: body, auth: false });
  return parseResponse(TokenPairSchema, data, 'verify-email');
}
