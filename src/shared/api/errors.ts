/**
 * The three ways an API call can fail, as types callers can tell apart:
 *   - ApiError: the server answered with a non-2xx status (carries its `detail`,
 *     field `errors`, `Retry-After` and the parsed body, e.g. a 412's current event);
 *   - SignedOutError: a 401 whose token refresh failed, so the session is over;
 *   - NetworkError: no answer at all (offline, DNS, connection dropped).
 * A response that does not match the contract is an UnexpectedResponseError.
 */

export interface ApiErrorInit {
  status: number;
  detail: string | null;
  errors?: Readonly<Record<string, readonly string[]>> | null;
  /** Seconds from a `Retry-After` header (429, 503), when present. */
  retryAfter?: number | null;
  body?: unknown;
}

export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly status: number;
  /** The server's human sentence (`{"detail": …}`), or null when it sent none. */
  readonly detail: string | null;
  readonly errors: Readonly<Record<string, readonly string[]>> | null;
  readonly retryAfter: number | null;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.detail ?? `Request failed with status ${init.status}`);
    this.status = init.status;
    this.detail = init.detail;
    this.errors = init.errors ?? null;
    this.retryAfter = init.retryAfter ?? null;
    this.body = init.body ?? null;
  }
}

/** The refresh token was refused (or there was none): tokens are cleared, sign in again. */
export class SignedOutError extends ApiError {
  override readonly name = 'SignedOutError';

  constructor(detail: string | null = 'Your session has ended. Please sign in again.') {
    super({ status: 401, detail });
  }
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('The server could not be reached.', { cause });
  }
}

export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';

  constructor(what: string, cause: unknown) {
    super(`Unexpected response from ${what}`, { cause });
  }
}

/** The server's `detail` when the error carries one, else null: forms fall back to their own message. */
export function serverDetail(error: unknown): string | null {
  return error instanceof ApiError && !(error instanceof SignedOutError) ? error.detail : null;
}

/** Parses `Retry-After` given in seconds or as an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
