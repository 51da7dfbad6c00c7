/**
 * Auth state for the page: a mirror of the tokens kept in IndexedDB plus the
 * loaded profile. Actions live in src/stores/auth-actions.ts.
 */
import { create } from 'zustand';
import type { User } from '../shared/contract/user.ts';
import type { StoredTokens } from '../shared/api/api-client.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  /** Mirror of the tokens in IndexedDB (the source of truth, shared with the service worker). */
  tokens: StoredTokens | null;
}

export const initialAuthState: AuthState = { status: 'loading', user: null, tokens: null };

export const useAuth = create<AuthState>()(() => initialAuthState);
