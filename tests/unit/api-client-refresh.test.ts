import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/shared/api/api-client.ts';
import { ApiError, NetworkError, SignedOutError } from '../../src/shared/api/errors.ts';
import { createLocalLocks } from '../../src/shared/api/locks.ts';
import { login } from '../../src/shared/api/login.ts';
import { createFakeAuthServer, memoryTokenStore } from './support/fake-auth-server.ts';

function setup(options: { refreshRotates?: boolean } = {}) {
  const server = createFakeAuthServer(options);
  const tokens = memoryTokenStore(server.tokens());
  const onSignedOut = vi.fn();
  const client = createApiClient({ fetch: server.fetch, tokens, locks: createLocalLocks(), onSignedOut });
  return { server, tokens, onSignedOut, client };
}

describe('the refreshing fetch wrapper', () => {
  it('sends the stored access token as a bearer token', async () => {
    const { server, client } = setup();
    const result = await client.request('GET', '/things/');
    expect(result.status).toBe(200);
    expect(server.calls[0]?.authorization).toBe('Bearer access-0');
  });

  it('runs exactly one refresh for 10 parallel requests that hit 401, and all 10 succeed', async () => {
    const { server, tokens, client } = setup();
    server.expireAccess();
    const results = await Promise.all(Array.from({ length: 10 }, () => client.request('GET', '/things/')));
    expect(server.refreshCalls()).toBe(1);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(tokens.peek()).toEqual(server.tokens());
    const retries = server.calls.filter((c) => c.path === '/api/things/' && c.authorization === 'Bearer access-2');
    expect(retries).toHaveLength(10);
  });

  it('runs one refresh when two contexts (a tab and the worker) share the tokens and the lock', async () => {
    const server = createFakeAuthServer();
    const tokens = memoryTokenStore(server.tokens());
    const locks = createLocalLocks();
    const tab = createApiClient({ fetch: server.fetch, tokens, locks });
    const worker = createApiClient({ fetch: server.fetch, tokens, locks });
    server.expireAccess();
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => tab.request('GET', '/things/')),
      ...Array.from({ length: 5 }, () => worker.request('GET', '/things/')),
    ]);
    expect(server.refreshCalls()).toBe(1);
    expect(results.every((r) => r.status === 200)).toBe(true);
  });

  it('retries without refreshing when another context already stored a newer token', async () => {
    const { server, tokens, client } = setup();
    server.expireAccess();
    const stale = tokens.peek();
    // Another tab refreshes between our send and our 401.
    const sending = client.request('GET', '/things/');
    await tokens.write({ ...server.tokens() });
    await expect(sending).resolves.toMatchObject({ status: 200 });
    expect(server.refreshCalls()).toBe(0);
    expect(stale?.access).toBe('access-0');
  });

  it('on a refused refresh clears the tokens, fails every waiting request and reports the sign-out', async () => {
    const { server, tokens, client, onSignedOut } = setup();
    server.expireAccess();
    server.refuseRefreshes();
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => client.request('GET', '/things/')));
    expect(server.refreshCalls()).toBe(1);
    expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof SignedOutError)).toBe(true);
    expect(tokens.peek()).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('keeps the tokens when the refresh cannot reach the server (offline is not signed out)', async () => {
    const { server, tokens, onSignedOut } = setup();
    server.expireAccess();
    const before = tokens.peek();
    const offlineForRefresh = createApiClient({
      tokens,
      locks: createLocalLocks(),
      onSignedOut,
      fetch: (input, init) =>
        input.endsWith('/auth/refresh/') ? Promise.reject(new TypeError('Failed to fetch')) : server.fetch(input, init),
    });
    await expect(offlineForRefresh.request('GET', '/things/')).rejects.toBeInstanceOf(NetworkError);
    expect(tokens.peek()).toEqual(before);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('never refreshes for login: a wrong password is an ApiError 401 with the server detail', async () => {
    const { server, client } = setup();
    server.expireAccess();
    const failure = await login(client, { email: 'a@example.com', password: 'wrong' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, detail: 'Wrong.' });
    expect(failure).not.toBeInstanceOf(SignedOutError);
    expect(server.refreshCalls()).toBe(0);
    expect(server.calls[0]?.authorization).toBeNull();
  });

  it('never refreshes a refresh: a refused refresh is not retried', async () => {
    const { server, client } = setup();
    server.expireAccess();
    server.refuseRefreshes();
    await client.request('GET', '/things/').catch(() => undefined);
    expect(server.refreshCalls()).toBe(1);
    expect(server.calls.filter((c) => c.path === '/api/auth/refresh/').every((c) => c.authorization === null)).toBe(
      true,
    );
  });

  it('refreshes at most once per request: a second 401 is returned to the caller', async () => {
    const server = createFakeAuthServer();
    const tokens = memoryTokenStore(server.tokens());
    const alwaysExpired = createApiClient({
      tokens,
      locks: createLocalLocks(),
      // Every token is already stale by the time it reaches the server.
      fetch: (input, init) => {
        if (input.endsWith('/things/')) server.expireAccess();
        return server.fetch(input, init);
      },
    });
    await expect(alwaysExpired.request('GET', '/things/')).rejects.toMatchObject({ status: 401 });
    expect(server.refreshCalls()).toBe(1);
  });

  it('keeps the old refresh token when the server does not rotate it, and stores a rotated one', async () => {
    const plain = setup({ refreshRotates: false });
    plain.server.expireAccess();
    await plain.client.request('GET', '/things/');
    expect(plain.tokens.peek()).toEqual({ access: plain.server.tokens().access, refresh: 'refresh-0' });

    const rotating = setup();
    rotating.server.expireAccess();
    await rotating.client.request('GET', '/things/');
    expect(rotating.tokens.peek()?.refresh).toBe('refresh-2');
  });
});

describe('requests and errors', () => {
  it('carries detail, field errors and Retry-After on ApiError', async () => {
    const { client } = setup();
    await expect(client.request('POST', '/invalid/', { json: {} })).rejects.toMatchObject({
      status: 400,
      detail: 'Bad input.',
      errors: { title: ['Required.'] },
    });
    await expect(client.request('POST', '/limited/', { json: {} })).rejects.toMatchObject({
      status: 429,
      retryAfter: 7,
    });
  });

  it('turns a failed fetch into a NetworkError', async () => {
    const client = createApiClient({
      tokens: memoryTokenStore(null),
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(client.request('GET', '/things/')).rejects.toBeInstanceOf(NetworkError);
  });

  it('passes extra headers and multipart bodies through untouched, also on the retry after a refresh', async () => {
    const { server, client } = setup();
    server.expireAccess();
    const form = new FormData();
    form.append('title', 'Jazz night');
    await client.request('PUT', '/things/', {
      form,
      headers: { 'Idempotency-Key': 'key-1', 'If-Match': '3' },
    });
    const sends = server.calls.filter((c) => c.path === '/api/things/');
    expect(sends).toHaveLength(2);
    for (const send of sends) {
      expect(send.headers.get('Idempotency-Key')).toBe('key-1');
      expect(send.headers.get('If-Match')).toBe('3');
      expect(send.headers.get('Content-Type')).toBeNull();
      expect(send.body).toBe(form);
    }
  });

  it('adds query parameters, leaving undefined ones out', async () => {
    const seen: string[] = [];
    const client = createApiClient({
      tokens: memoryTokenStore(null),
      fetch: async (input) => {
        seen.push(input);
        return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
      },
    });
    await client.request('GET', '/media_feed/places-autocomplete/', {
      query: { input: 'lon don', platform: 'web', x: undefined },
    });
    expect(seen).toEqual(['/api/media_feed/places-autocomplete/?input=lon+don&platform=web']);
  });

  it('sign-out waits for a refresh in progress, so a late refresh cannot bring the tokens back', async () => {
    const { server, tokens, client } = setup();
    server.expireAccess();
    const request = client.request('GET', '/things/').catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await client.signOut();
    await request;
    expect(tokens.peek()).toBeNull();
  });
});

describe('a token refresh that is never answered (lie-fi)', () => {
  it('gives up after the refresh timeout as a network failure, keeping the tokens, and the next call refreshes', async () => {
    const server = createFakeAuthServer();
    const tokens = memoryTokenStore(server.tokens());
    const onSignedOut = vi.fn();
    let holdRefresh = true;
    const fetch = (input: string, init: RequestInit) =>
      holdRefresh && input.endsWith('/auth/refresh/')
        ? new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          })
        : server.fetch(input, init);
    const client = createApiClient({ fetch, tokens, locks: createLocalLocks(), onSignedOut, refreshTimeoutMs: 50 });
    server.expireAccess();
    const stored = tokens.peek();
    await expect(client.request('GET', '/things/')).rejects.toBeInstanceOf(NetworkError);
    expect(tokens.peek()).toEqual(stored);
    expect(onSignedOut).not.toHaveBeenCalled();
    holdRefresh = false;
    await expect(client.request('GET', '/things/')).resolves.toMatchObject({ status: 200 });
    expect(server.refreshCalls()).toBe(1);
  });
});
