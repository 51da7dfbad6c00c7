/**
 * The page's session: the real client over IndexedDB (fake-indexeddb), the
 * auth store and the cross-tab channel, with the network replaced by the fake
 * auth server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openAuthBroadcast, type AuthNews } from '../../src/shared/api/auth-broadcast.ts';
import { SignedOutError } from '../../src/shared/api/errors.ts';
import { getProfile } from '../../src/shared/api/get-profile.ts';
import { rememberProfile } from '../../src/shared/db/profile-cache.ts';
import { readTokens, writeTokens } from '../../src/shared/db/token-storage.ts';
import { api } from '../../src/lib/api.ts';
import { logout, signInWithPassword, startAuth } from '../../src/stores/auth-actions.ts';
import { useAuth } from '../../src/stores/auth-store.ts';
import { createFakeAuthServer, demoUser } from './support/fake-auth-server.ts';

let server: ReturnType<typeof createFakeAuthServer>;

beforeEach(() => {
  server = createFakeAuthServer();
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => server.fetch(input, init));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function signedInWithStaleToken() {
  await writeTokens(server.tokens());
  await startAuth();
  expect(useAuth.getState().status).toBe('signed-in');
  server.expireAccess();
}

describe('the page session', () => {
  it('start-up with stored tokens loads the profile; without tokens it is signed out', async () => {
    await startAuth();
    expect(useAuth.getState()).toMatchObject({ status: 'signed-out', user: null });
    await writeTokens(server.tokens());
    await startAuth();
    expect(useAuth.getState()).toMatchObject({ status: 'signed-in', user: { email: demoUser.email } });
  });

  it('a refused refresh clears the stored tokens, fails every waiting request and signs the store out', async () => {
    await signedInWithStaleToken();
    server.refuseRefreshes();
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => getProfile(api)));
    expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof SignedOutError)).toBe(true);
    expect(server.refreshCalls()).toBe(1);
    expect(await readTokens()).toBeNull();
    expect(useAuth.getState()).toMatchObject({ status: 'signed-out', user: null, tokens: null });
  });

  it('a refresh that succeeds keeps the user signed in and stores the rotated tokens in IndexedDB', async () => {
    await signedInWithStaleToken();
    await Promise.all(Array.from({ length: 10 }, () => getProfile(api)));
    expect(server.refreshCalls()).toBe(1);
    expect(await readTokens()).toEqual(server.tokens());
    expect(useAuth.getState().status).toBe('signed-in');
    expect(useAuth.getState().tokens).toEqual(server.tokens());
  });

  it('offline at start-up, the last profile loaded online keeps the user signed in', async () => {
    await writeTokens(server.tokens());
    await rememberProfile({ ...demoUser, gender: '', user_type: 'business' });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await startAuth();
    expect(useAuth.getState()).toMatchObject({ status: 'signed-in', user: { id: demoUser.id } });
  });

  it('login stores the tokens and loads the profile; a wrong password leaves everything signed out', async () => {
    await startAuth();
    await expect(signInWithPassword('business@example.com', 'wrong')).rejects.toMatchObject({ status: 401 });
    expect(await readTokens()).toBeNull();
    expect(useAuth.getState().status).toBe('signed-out');
    await signInWithPassword('business@example.com', 'right');
    expect(await readTokens()).toEqual(server.tokens());
    expect(useAuth.getState()).toMatchObject({
      status: 'signed-in',
      user: { id: demoUser.id },
      tokens: server.tokens(),
    });
  });

  it('logout clears the tokens, revokes the refresh token and tells the other tabs', async () => {
    const otherTab = openAuthBroadcast();
    const heard: AuthNews[] = [];
    otherTab.listen((news) => heard.push(news));
    await signInWithPassword('business@example.com', 'right');
    const refresh = server.tokens().refresh;
    await logout();
    expect(await readTokens()).toBeNull();
    expect(useAuth.getState()).toMatchObject({ status: 'signed-out', tokens: null });
    const revoke = server.calls.find((c) => c.path === '/api/auth/logout/');
    expect(JSON.parse(String(revoke?.body))).toEqual({ refresh });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'signed-in' }, { type: 'signed-out' }]));
    otherTab.close();
  });

  it('a sign-out announced by another tab signs this tab out', async () => {
    await signInWithPassword('business@example.com', 'right');
    const otherTab = openAuthBroadcast();
    otherTab.announce({ type: 'signed-out' });
    await vi.waitFor(() => expect(useAuth.getState().status).toBe('signed-out'));
    otherTab.close();
  });
});
