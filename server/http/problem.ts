/**
 * Every API error leaves as JSON `{detail, errors?}` with the right status
 * (contract §3). Routes and middleware throw `ApiError`, services a domain error
 * (./domain-errors.ts maps those); anything else becomes a logged 500.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldErrors } from '../services/domain-errors.ts';

export type { FieldErrors } from '../services/domain-errors.ts';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export function problemBody(detail: string, errors?: FieldErrors): { detail: string; errors?: FieldErrors } {
  return errors ? { detail, errors } : { detail };
}
