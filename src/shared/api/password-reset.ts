import { apiRoutes } from '../contract/api-routes.ts';
import { DetailResponseSchema, type DetailResponse } from '../contract/auth.ts';
import { TokenPairSchema, type TokenPair } from '../contract/user.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `POST /auth/password/forgot/` → the same sentence whether or not the account exists (contract §3). */
export async function forgotPassword(client: ApiClient, body: { email: string }): Promise<DetailResponse> {
  const { data } = await client.request('POST', apiRoutes.forgotPassword, { json: body, auth: false });
  return parseResponse(DetailResponseSchema, data, 'forgot password');
}

/** `POST /auth/password/reset/` → a token pair for the new password; every other session ends. */
export async function resetPassword(
  client: ApiClient,
  body: { email: string; code: string; password: string },
): Promise<TokenPair> {
  const { data } = await client.request('POST', apiRoutes.resetPassword, { json: body, auth: false });
  return parseResponse(TokenPairSchema, data, 'reset password');
}

/** `POST /auth/password/reset-link/` → the same, with the token of the mailed link instead of email and code. */
export async function resetPasswordByLink(
  client: ApiClient,
  body: { token: string; password: string },
): Promise<TokenPair> {
  const { data } = await client.request('POST', apiRoutes.resetPasswordByLink, { json: body, auth: false });
  return parseResponse(TokenPairSchema, data, 'reset password');
}
