/** `POST /auth/report-issue/` JSON `{email?, message}` → 201 `{id, detail}` (product §7, contract §3). */
import { apiRoutes } from '../../contract/api-routes.ts';
import { ReportIssueResponseSchema, type ReportIssueResponse } from '../../contract/issue.ts';
import type { ApiClient } from '../api-client.ts';
import { sendWrite, writeOptions, type WriteOptions, type WriteRequest } from './write-request.ts';

export interface ReportIssueBody {
  /** Left out when the reporter gave none. */
  email?: string;
  message: string;
}

/**
 * Reports are anonymous: no bearer token and no refresh, unless `signedIn`
 * (an entry stamped with a user).
 */
export function reportIssueRequest(
  body: ReportIssueBody,
  options: WriteOptions & { signedIn?: boolean } = {},
): WriteRequest {
  const json = body.email ? { email: body.email, message: body.message } : { message: body.message };
  return {
    method: 'POST',
    path: apiRoutes.reportIssue,
    options: { json, auth: options.signedIn ?? false, ...writeOptions(options) },
  };
}

export const reportIssueResponse = { schema: ReportIssueResponseSchema, what: 'issue report' } as const;

export function reportIssue(
  client: Pick<ApiClient, 'request'>,
  body: ReportIssueBody,
  options: WriteOptions = {},
): Promise<ReportIssueResponse> {
  return sendWrite(client, reportIssueRequest(body, options), reportIssueResponse.schema, reportIssueResponse.what);
}
