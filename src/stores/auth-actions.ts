/**
 * Sign-in state transitions (product §4), callable from components and plain code.
 * - Start-up: with stored tokens, load the profile; a refused session means signed
 *   out. The last profile loaded online for the tokens' account shows meanwhile, and
 *   offline it keeps the dashboard usable.
 * - Sign-in (login or verify-email): store the tokens, load the profile, tell the
 *   other tabs. Sign-out: clear the tokens, tell the other tabs, revoke on the server.
 * - A refresh refused anywhere (this tab's client, another tab, the worker) signs
 *   this tab out too.
 * A generation counter drops results of loads that a later transition overtook.
 */
import type { TokenPair, User } from '../shared/contract/user.ts';
import { openAuthBroadcast, type AuthBroadcast } from '../shared/api/auth-broadcast.ts';
import { NetworkError, SignedOutError } from '../shared/api/errors.ts';
import { getProfile } from '../shared/api/get-profile.ts';
import { login } from '../shared/api/login.ts';
import { revokeRefreshToken } from '../shared/api/logout.ts';
import { forgetProfile, lastProfile, rememberProfile } from '../shared/db/profile-cache.ts';
import { userIdFromTokens } from '../shared/outbox/session-user.ts';
import { api, onSessionEnded, onTokensChanged } from '../lib/api.ts';
import { useAuth } from './auth-store.ts';

let generation = 0;
let broadcast: AuthBroadcast | null = null;

function channel(): AuthBroadcast {
  broadcast ??= openAuthBroadcast();
  return broadcast;
}

function setSignedIn(user: User): void {
  useAuth.setState({ status: 'signed-in', user });
}

function setSignedOut(): void {
  generation += 1;
  useAuth.setState({ status: 'signed-out', user: null, tokens: null });
}

/** Loads the profile for the stored tokens; resolves to the resulting status. */
async function loadSession(): Promise<void> {
  const mine = ++generation;
  const tokens = await api.readTokens();
  if (mine === generation) useAuth.setState({ tokens });
  if (!tokens) {
    if (mine === generation) setSignedOut();
    return;
  }
  // The profile this device last loaded for the same account opens the dashboard now; the
  // server's answer (a slow phone waits a round trip for it) replaces it, or signs out.
  const userId = userIdFromTokens(tokens);
  const kept = await keptProfileOf(userId);
  if (kept && mine === generation) setSignedIn(kept);
  try {
    const user = await getProfile(api);
    if (mine !== generation) return;
    setSignedIn(user);
    await rememberProfile(user).catch(() => undefined);
  } catch (error) {
    if (mine !== generation) return;
    if (!(error instanceof NetworkError)) return setSignedOut();
    // Offline, the kept profile keeps the dashboard usable. One kept for another account never
    // does; only a token whose account cannot be read (not one this server signs) takes whatever is kept.
    const cached = kept ?? (userId === null ? await lastProfile().catch(() => null) : null);
    if (cached) setSignedIn(cached);
    else setSignedOut();
  }
}

/** The remembered profile when it is the account the tokens are for (never another person's). */
async function keptProfileOf(userId: number | null): Promise<User | null> {
  if (userId === null) return null;
  const kept = await lastProfile().catch(() => null);
  return kept?.id === userId ? kept : null;
}

let wired = false;

/** Listens to the other tabs and to the client's refused refreshes (once per page). */
function wireSessionEvents(): void {
  if (wired) return;
  wired = true;
  onTokensChanged((tokens) => useAuth.setState({ tokens }));
  channel().listen((news) => {
    if (news.type === 'signed-out') {
      setSignedOut();
      return;
    }
    void loadSession();
  });
  onSessionEnded(() => {
    setSignedOut();
    void forgetProfile().catch(() => undefined);
    channel().announce({ type: 'signed-out' });
  });
}

/** Page start: listen for other tabs, then load the profile when tokens are stored. */
export async function startAuth(): Promise<void> {
  wireSessionEvents();
  await loadSession();
}

/** Stores a token pair from login or verify-email, loads the profile and tells the other tabs. */
export async function completeSignIn(tokens: TokenPair): Promise<User> {
  wireSessionEvents();
  const mine = ++generation;
  await api.signIn(tokens);
  const user = await getProfile(api);
  if (mine === generation) setSignedIn(user);
  await rememberProfile(user).catch(() => undefined);
  channel().announce({ type: 'signed-in' });
  return user;
}

/** Log in with email and password; rejects with the API error when refused. */
export async function signInWithPassword(email: string, password: string): Promise<User> {
  const tokens = await login(api, { email: email.trim(), password });
  return completeSignIn(tokens);
}

/** Clears the tokens here and in every tab, then revokes the refresh token on the server (best effort). */
export async function logout(): Promise<void> {
  const refresh = await api.signOut();
  setSignedOut();
  await forgetProfile().catch(() => undefined);
  channel().announce({ type: 'signed-out' });
  if (refresh) await revokeRefreshToken(api, refresh);
}

/** True when the error means the session is over (as opposed to offline or a server fault). */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof SignedOutError;
}
