import { apiRoutes } from '../contract/api-routes.ts';
import { DetailResponseSchema, type DetailResponse } from '../contract/auth.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';

/** `POST /auth/resend_verification/` (the underscore is the spec's path) → a new code by mail. */
export async function resendVerification(client: ApiClient, body: { email: string }): Promise<DetailResponse> {
  const { data } = await client.request('POST', apiRoutes.resendVerification, { json: body, auth: false });
  return parseResponse(DetailResponseSchema, data, 'resend verification');
}
