/**
 * Start-up on a slow phone: the profile this device last loaded for the stored tokens'
 * account signs the page in at once, and the server's answer replaces it; a profile kept
 * for another account never shows, and a refused session still signs out.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberProfile } from '../../src/shared/db/profile-cache.ts';
import { writeTokens } from '../../src/shared/db/token-storage.ts';
import { startAuth } from '../../src/stores/auth-actions.ts';
import { useAuth } from '../../src/stores/auth-store.ts';
import type { User } from '../../src/shared/contract/user.ts';
import { businessUser as someone } from '../component/support/stub-api.ts';

const businessUser = { ...someone, gender: '', user_type: 'business' } satisfies User;

/** An access token (a JWT's shape; only its `sub` is read on the page) for user `id`. */
const accessFor = (id: number) => `h.${btoa(JSON.stringify({ sub: String(id) }))}.s`;

/** `/api/auth/profile/` answers when the test says so. */
function profileAnswersLater() {
  let answer: (response: Response) => void = () => undefined;
  const answered = new Promise<Response>((resolve) => (answer = resolve));
  vi.stubGlobal('fetch', (input: string) =>
    new URL(input, 'http://app.test').pathname === '/api/auth/profile/'
      ? answered
      : Promise.resolve(Response.json({ detail: 'Not found.' }, { status: 404 })),
  );
  return answer;
}

afterEach(() => vi.unstubAllGlobals());

describe('start-up with a kept profile', () => {
  it('signs in with the kept profile of the same account before the server answers, then takes the server’s', async () => {
    await writeTokens({ access: accessFor(1), refresh: 'r' });
    await rememberProfile({ ...businessUser, display_name: 'kept.name' });
    const answer = profileAnswersLater();
    const started = startAuth();
    await vi.waitFor(() =>
      expect(useAuth.getState()).toMatchObject({ status: 'signed-in', user: { id: 1, display_name: 'kept.name' } }),
    );
    answer(Response.json({ ...businessUser, display_name: 'server.name' }));
    await started;
    expect(useAuth.getState()).toMatchObject({ status: 'signed-in', user: { display_name: 'server.name' } });
  });

  it('never shows a profile kept for another account', async () => {
    await writeTokens({ access: accessFor(2), refresh: 'r' });
    await rememberProfile(businessUser); // id 1
    const answer = profileAnswersLater();
    const started = startAuth();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useAuth.getState().status).toBe('loading');
    answer(Response.json({ ...businessUser, id: 2, email: 'two@example.com' }));
    await started;
    expect(useAuth.getState()).toMatchObject({ status: 'signed-in', user: { id: 2 } });
  });

  it('offline, a profile kept for another account does not sign in', async () => {
    await writeTokens({ access: accessFor(2), refresh: 'r' });
    await rememberProfile(businessUser); // id 1
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await startAuth();
    expect(useAuth.getState()).toMatchObject({ status: 'signed-out', user: null });
  });

  it('offline, the profile kept for the same account signs in', async () => {
    await writeTokens({ access: accessFor(1), refresh: 'r' });
    await rememberProfile(businessUser);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await startAuth();
    expect(useAuth.getState()).toMatchObject({ status: 'signed-in', user: { id: 1 } });
  });

  it('a session the server refuses signs out, kept profile or not', async () => {
    await writeTokens({ access: accessFor(1), refresh: 'r' });
    await rememberProfile(businessUser);
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ detail: 'Token invalid.' }, { status: 401 })));
    await startAuth();
    expect(useAuth.getState()).toMatchObject({ status: 'signed-out', user: null });
  });
});
