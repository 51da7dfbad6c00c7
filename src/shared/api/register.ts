import { apiRoutes } from '../contract/api-routes.ts';
import { RegisterResponseSchema, type RegisterRequestInput, type RegisterResponse } from '../contract/auth.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `POST /auth/register/` (product §7) → 201: an unverified account; the server mails a 4-digit code. */
export async function register(client: ApiClient, body: RegisterRequestInput): Promise<RegisterResponse> {
  const { data } = await client.request('POST', apiRoutes.register, { json: body, auth: false });
  return parseResponse(RegisterResponseSchema, data, 'register');
}
