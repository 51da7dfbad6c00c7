/**
 * An in-memory stand-in for the auth part of the API, speaking real Request /
 * Response objects: an access token is valid until `expireAccess()`, refresh
 * rotates both tokens, and every call is recorded. Lets the fetch wrapper be
 * tested deterministically, without a socket or timers.
 */
import type { StoredTokens } from '../../../src/shared/api/api-client.ts';

export const demoUser = {
  id: 7,
  email: 'business@example.com',
  full_name: 'Bea Business',
  display_name: 'bea.business',
  bio: '',
  profile_image: null,
  date_of_birth: null,
  gender: '',
  is_promoter: true,
  user_type: 'business',
};

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | null;
  headers: Headers;
  body: BodyInit | null | undefined;
}

export function createFakeAuthServer(options: { refreshRotates?: boolean } = {}) {
  let generation = 0;
  let access = 'access-0';
  let refresh = 'refresh-0';
  let refuseRefresh = false;
  let refreshStatus = 401;
  const calls: RecordedCall[] = [];

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  async function fetch(input: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    const path = new URL(input, 'http://test.invalid').pathname;
    calls.push({
      method: init.method ?? 'GET',
      path,
      authorization: headers.get('Authorization'),
      headers,
      body: init.body,
    });
    // Let every concurrent caller reach the server before any answer comes back.
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (path === '/api/auth/login/') {
      const body = JSON.parse(String(init.body)) as { password: string };
      return body.password === 'right' ? json(200, { access, refresh }) : json(401, { detail: 'Wrong.' });
    }
    if (path === '/api/auth/refresh/') {
      const body = JSON.parse(String(init.body)) as { refresh: string };
      if (refuseRefresh || body.refresh !== refresh) return json(refreshStatus, { detail: 'Refresh refused.' });
      generation += 1;
      access = `access-${generation}`;
      if (options.refreshRotates !== false) refresh = `refresh-${generation}`;
      return json(200, options.refreshRotates === false ? { access } : { access, refresh });
    }
    if (path === '/api/auth/logout/') return json(200, { detail: 'Signed out.' });
    if (headers.get('Authorization') !== `Bearer ${access}`) return json(401, { detail: 'Token expired.' });
    if (path === '/api/auth/profile/') return json(200, demoUser);
    if (path === '/api/things/') return json(200, { ok: true, seenAccess: access });
    if (path === '/api/limited/') return json(429, { detail: 'Slow down.' }, { 'Retry-After': '7' });
    if (path === '/api/invalid/') return json(400, { detail: 'Bad input.', errors: { title: ['Required.'] } });
    return json(404, { detail: 'Not here.' });
  }

  return {
    fetch,
    calls,
    /** The server forgets the current access token (as if it expired). */
    expireAccess() {
      generation += 1;
      access = `access-${generation}`;
    },
    refuseRefreshes(status = 401) {
      refuseRefresh = true;
      refreshStatus = status;
    },
    tokens(): StoredTokens {
      return { access, refresh };
    },
    refreshCalls: () => calls.filter((call) => call.path === '/api/auth/refresh/').length,
  };
}

/** A token store in memory, async like IndexedDB. */
export function memoryTokenStore(initial: StoredTokens | null) {
  let current = initial;
  return {
    read: async () => current,
    write: async (tokens: StoredTokens) => {
      current = tokens;
    },
    clear: async () => {
      current = null;
    },
    peek: () => current,
  };
}
