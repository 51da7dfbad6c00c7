/**
 * The refreshing fetch wrapper (product §4, architecture §4). Every call to the API goes
 * through one of these, in a page or in the service worker:
 *   - adds `Authorization: Bearer <access>` read from the token store at send time
 *     (so a token refreshed by another tab or the worker is picked up at once);
 *   - on a 401 (once per request, never for login or refresh) exactly one refresh
 *     runs across every context: it holds the `auth-refresh` lock and re-reads the
 *     tokens inside it, so a caller that lost the race sees the new access token and
 *     simply retries; callers of this context waiting on the same stale token share
 *     one refresh promise;
 *   - a refused refresh clears the tokens, fails every waiting request with
 *     SignedOutError and calls `onSignedOut`. A refresh that could not reach the
 *     server (offline) or hit a 5xx keeps the tokens: being offline is not signing out.
 * Every token write (sign-in, refresh, sign-out) happens under the same lock, so a
 * refresh finishing late can never bring back tokens a logout just cleared.
 */
import { API_PREFIX, apiRoutes } from '../contract/api-routes.ts';
import { ACCOUNT_HEADER } from '../contract/team.ts';
import { ApiError, NetworkError, SignedOutError, parseRetryAfter } from './errors.ts';
import { defaultLocks, type Locks } from './locks.ts';

export const REFRESH_LOCK = 'auth-refresh';
/**
 * Every tab and the worker wait on a refresh (it runs inside REFRESH_LOCK), so
 * one that is never answered — lie-fi — must not hold them for the browser's
 * own timeout (300 s in Firefox, none in Chromium). Past this it counts as no
 * answer: the tokens are kept and the callers retry later.
 */
export const REFRESH_TIMEOUT_MS = 20_000;

/** The pair a sign-in or refresh gives; IndexedDB keeps it (src/shared/db/token-storage.ts). */
export interface StoredTokens {
  access: string;
  refresh: string;
}

export interface TokenStore {
  read(): Promise<StoredTokens | null>;
  write(tokens: StoredTokens): Promise<void>;
  clear(): Promise<void>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch?: FetchLike;
  /** Prefix of every path; `/api` on the PWA's own origin (contract §3). */
  base?: string;
  tokens: TokenStore;
  locks?: Locks;
  /** Called after a refused refresh has cleared the tokens. */
  onSignedOut?: () => void;
  /** How long a token refresh may go unanswered (default REFRESH_TIMEOUT_MS). */
  refreshTimeoutMs?: number;
  /**
   * The account a team member has chosen to act for (null: their own), read at
   * send time; a request that names its account (`RequestOptions.account`) wins.
   */
  account?: () => number | null;
}

export interface RequestOptions {
  /** Sent as `application/json`. */
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  form?: FormData;
  /** Extra headers, e.g. `Idempotency-Key`, `If-Match`. */
  headers?: Readonly<Record<string, string>>;
  /** Appended as a query string; undefined values are left out. */
  query?: Readonly<Record<string, string | number | undefined>>;
  signal?: AbortSignal;
  /** false: no bearer token and no refresh on 401 (login, register, refresh, …). Default true. */
  auth?: boolean;
  /**
   * Sent as X-Account: the owner this request acts for; null for the signed-in
   * person's own account (their profile, sign-in, team memberships). Undefined:
   * the client's chosen account (`ApiClientOptions.account`).
   */
  account?: number | null;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON body (text when not JSON, null when empty). */
  data: T;
}

export interface ApiClient {
  readonly base: string;
  /** Sends one request; resolves for 2xx, throws ApiError / SignedOutError / NetworkError otherwise. */
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  /** Stores a fresh token pair (after login or verify-email). */
  signIn(tokens: StoredTokens): Promise<void>;
  /** Clears the tokens; returns the refresh token that was stored, for a best-effort server logout. */
  signOut(): Promise<string | null>;
  readTokens(): Promise<StoredTokens | null>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = (options.base ?? API_PREFIX).replace(/\/$/, '');
  const send: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const locks = options.locks ?? defaultLocks();
  const { tokens } = options;
  let pendingRefresh: { failedAccess: string; promise: Promise<string> } | null = null;

  async function transmit(method: string, url: string, opts: RequestOptions, access: string | null) {
    const headers = new Headers(opts.headers);
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers.set('Content-Type', 'application/json');
    }
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (access) {
      headers.set('Authorization', `Bearer ${access}`);
      const account = opts.account !== undefined ? opts.account : (options.account?.() ?? null);
      if (account !== null) headers.set(ACCOUNT_HEADER, String(account));
    }
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (body !== undefined) init.body = body;
    if (opts.signal) init.signal = opts.signal;
    try {
      return await send(url, init);
    } catch (error) {
      if (opts.signal?.aborted || (error as { name?: string } | null)?.name === 'AbortError') throw error;
      throw new NetworkError(error);
    }
  }

  /** Runs inside the lock: refresh unless another context already replaced the failed token. */
  async function refreshInsideLock(failedAccess: string): Promise<string> {
    const current = await tokens.read();
    if (!current) {
      options.onSignedOut?.();
      throw new SignedOutError();
    }
    if (current.access !== failedAccess) return current.access;
    const unanswered = AbortSignal.timeout(options.refreshTimeoutMs ?? REFRESH_TIMEOUT_MS);
    const body = { json: { refresh: current.refresh }, signal: unanswered };
    const response = await transmit('POST', `${base}${apiRoutes.refresh}`, body, null).catch((error: unknown) => {
      throw unanswered.aborted ? new NetworkError(error) : error;
    });
    const data = await readBody(response);
    if (!response.ok) {
      if (response.status >= 500 || response.status === 429) throw toApiError(response, data);
      await tokens.clear();
      options.onSignedOut?.();
      throw new SignedOutError();
    }
    const renewed = data as { access?: unknown; refresh?: unknown } | null;
    if (typeof renewed?.access !== 'string') throw toApiError(response, data);
    // The server may rotate the refresh token; the old one is then spent.
    const refresh = typeof renewed.refresh === 'string' ? renewed.refresh : current.refresh;
    await tokens.write({ access: renewed.access, refresh });
    return renewed.access;
  }

  function renewAfter(failedAccess: string): Promise<string> {
    if (pendingRefresh?.failedAccess === failedAccess) return pendingRefresh.promise;
    const promise = locks
      .request(REFRESH_LOCK, () => refreshInsideLock(failedAccess))
      .finally(() => {
        if (pendingRefresh?.promise === promise) pendingRefresh = null;
      });
    pendingRefresh = { failedAccess, promise };
    return promise;
  }

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
    const url = withQuery(`${base}${path}`, opts.query);
    const useAuth = opts.auth !== false;
    const stored = useAuth ? await tokens.read() : null;
    let response = await transmit(method, url, opts, stored?.access ?? null);
    if (response.status === 401 && useAuth && stored) {
      await response.body?.cancel().catch(() => undefined);
      const access = await renewAfter(stored.access);
      response = await transmit(method, url, opts, access);
    }
    const data = await readBody(response);
    if (!response.ok) throw toApiError(response, data);
    return { status: response.status, headers: response.headers, data };
  }

  return {
    base,
    request,
    readTokens: () => tokens.read(),
    signIn: (pair) => locks.request(REFRESH_LOCK, () => tokens.write({ access: pair.access, refresh: pair.refresh })),
    signOut: () =>
      locks.request(REFRESH_LOCK, async () => {
        const current = await tokens.read();
        await tokens.clear();
        return current?.refresh ?? null;
      }),
  };
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The connection dropped while the body was arriving.
    throw new NetworkError(error);
  }
  if (!text) return null;
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(response: Response, data: unknown): ApiError {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  const detail = typeof body?.detail === 'string' ? body.detail : null;
  const errors =
    typeof body?.errors === 'object' && body.errors !== null
      ? (body.errors as Record<string, readonly string[]>)
      : null;
  return new ApiError({
    status: response.status,
    detail,
    errors,
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    body: data,
  });
}
