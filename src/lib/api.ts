/**
 * The page's API client: the refreshing fetch wrapper over the tokens in
 * IndexedDB, with Web Locks when the browser has them. Every page module calls
 * the API through `api`; the service worker builds its own client over the same
 * token store, and the `auth-refresh` lock keeps their refreshes from colliding.
 */
import { createApiClient, type StoredTokens } from '../shared/api/api-client.ts';
import { clearTokens, readTokens, writeTokens } from '../shared/db/token-storage.ts';

const signedOutListeners = new Set<() => void>();
const answeredListeners = new Set<() => void>();
const tokenListeners = new Set<(tokens: StoredTokens | null) => void>();
const tellTokens = (tokens: StoredTokens | null) => tokenListeners.forEach((listener) => listener(tokens));
/** The account a team member has chosen (src/stores/account-store.ts registers it); null: their own. */
let chosenAccount: () => number | null = () => null;

/** Every request that does not name its account carries X-Account for this one. */
export function setChosenAccount(read: () => number | null): void {
  chosenAccount = read;
}

export const api = createApiClient({
  // import.meta.env is missing when the prerenderer loads this module under tsx.
  base: (import.meta.env as ImportMetaEnv | undefined)?.VITE_API_BASE ?? '/api',
  fetch: async (input, init) => {
    const response = await globalThis.fetch(input, init);
    if (response.ok) for (const listener of answeredListeners) listener();
    return response;
  },
  tokens: {
    read: readTokens,
    write: async (tokens) => {
      await writeTokens(tokens);
      tellTokens(tokens);
    },
    clear: async () => {
      await clearTokens();
      tellTokens(null);
    },
  },
  onSignedOut: () => {
    for (const listener of signedOutListeners) listener();
  },
  account: () => chosenAccount(),
});

/** Called whenever this page stores new tokens or clears them; returns an unsubscribe function. */
export function onTokensChanged(listener: (tokens: StoredTokens | null) => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/**
 * Called whenever the server answers a request with success: proof that it is
 * reachable, whatever the last failures said. Returns an unsubscribe function.
 */
export function onServerAnswered(listener: () => void): () => void {
  answeredListeners.add(listener);
  return () => answeredListeners.delete(listener);
}

/** Called when a refused token refresh ended the session; returns an unsubscribe function. */
export function onSessionEnded(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}
