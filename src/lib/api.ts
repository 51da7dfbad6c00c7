/**
 * The page's API client: the refreshing fetch wrapper over the tokens in
 * IndexedDB, with Web Locks when the browser has them. Every page module calls
 * the API through `api`; the service worker builds its own client over the same
 * token store, and the `auth-refresh` lock keeps their refreshes from colliding.
 */
import { createApiClient } from '../shared/api/api-client.ts';
import { clearTokens, readTokens, writeTokens } from '../shared/db/token-storage.ts';

const signedOutListeners = new Set<() => void>();

export const api = createApiClient({
  // import.meta.env is missing when the prerenderer loads this module under tsx.
  base: (import.meta.env as ImportMetaEnv | undefined)?.VITE_API_BASE ?? '/api',
  tokens: { read: readTokens, write: writeTokens, clear: clearTokens },
  onSignedOut: () => {
    for (const listener of signedOutListeners) listener();
  },
});

/** Called when a refused token refresh ended the session; returns an unsubscribe function. */
export function onSessionEnded(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}
