/**
 * Auth state for the page: a mirror of the tokens kept in IndexedDB plus the
 * loaded profile. Actions live in src/stores/auth-actions.ts.
 */
import { create } from 'zustand';
import type { User } from '../shared/contract/user.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
}

export const initialAuthState: AuthState = { status: 'loading', user: null };

export const useAuth = create<AuthState>()(() => initialAuthState);
