/**
 * Sign-in state transitions (SPEC §4). Start-up: with stored tokens, load the
 * profile; any failure means signed out.
 */
import * as v from 'valibot';
import { UserSchema } from '../shared/contract/user.ts';
import { clearTokens, readTokens } from '../shared/db/token-storage.ts';
import { useAuth } from './auth-store.ts';

export async function startAuth(): Promise<void> {
  try {
    const tokens = await readTokens();
    if (!tokens) {
      useAuth.setState({ status: 'signed-out', user: null });
      return;
    }
    const response = await fetch('/api/auth/profile/', {
      headers: { Authorization: `Bearer ${tokens.access}` },
    });
    if (!response.ok) throw new Error(`profile ${response.status}`);
    const user = v.parse(UserSchema, await response.json());
    useAuth.setState({ status: 'signed-in', user });
  } catch {
    useAuth.setState({ status: 'signed-out', user: null });
  }
}

export async function logout(): Promise<void> {
  await clearTokens();
  useAuth.setState({ status: 'signed-out', user: null });
}
