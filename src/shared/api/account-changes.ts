import { apiRoutes } from '../contract/api-routes.ts';
import { DetailResponseSchema, type DetailResponse } from '../contract/auth.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `POST /auth/password/change/` (signed in): other sessions end, this one stays. */
export async function changePassword(
  client: ApiClient,
  body: { current_password: string; new_password: string },
): Promise<DetailResponse> {
  const { data } = await client.request('POST', apiRoutes.changePassword, { json: body });
  return parseResponse(DetailResponseSchema, data, 'change password');
}

/** `POST /auth/email/change/` (signed in): mails a 4-digit code to the new address. */
export async function requestEmailChange(
  client: ApiClient,
  body: { new_email: string; current_password: string },
): Promise<DetailResponse> {
  const { data } = await client.request('POST', apiRoutes.changeEmail, { json: body });
  return parseResponse(DetailResponseSchema, data, 'change email');
}

/** `POST /auth/email/confirm/` (signed in): the code from the new address makes it the account's email. */
export async function confirmEmailChange(client: ApiClient, body: { code: string }): Promise<DetailResponse> {
  const { data } = await client.request('POST', apiRoutes.confirmEmail, { json: body });
  return parseResponse(DetailResponseSchema, data, 'confirm email');
}
