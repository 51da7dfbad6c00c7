/**
 * A service's refusal (server/services/domain-errors.ts) as the HTTP answer contract §3
 * promises: its status, `{detail, errors?}` and, for a rate limit, Retry-After.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  Conflict,
  DomainError,
  Forbidden,
  InvalidInput,
  NotFound,
  RateLimited,
  TooLarge,
  UnsupportedType,
} from '../services/domain-errors.ts';
import { ApiError } from './problem.ts';

const statuses: readonly [abstract new (...args: never[]) => DomainError, ContentfulStatusCode][] = [
  [InvalidInput, 400],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooLarge, 413],
  [UnsupportedType, 415],
  [RateLimited, 429],
];

/** The answer for a domain error; null for anything else (and for a kind with no status here: a 500 shows it). */
export function domainErrorAnswer(error: unknown): ApiError | null {
  if (!(error instanceof DomainError)) return null;
  const status = statuses.find(([kind]) => error instanceof kind)?.[1];
  if (status === undefined) return null;
  const headers = error instanceof RateLimited ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
  return new ApiError(status, error.detail, error.errors, headers);
}
