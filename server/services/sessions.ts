/**
 * Signing in: a new session (refresh-token family) and an access token that
 * names it. Used by login, verify-email and password reset.
 */
import type { Services } from '../context.ts';
import { startSession } from './refresh-tokens.ts';

export interface TokenPair {
  access: string;
  refresh: string;
}

export async function openSession(services: Services, userId: number, userType: string): Promise<TokenPair> {
  const { db, clock, config, tokens } = services;
  const now = clock.now();
  const session = await startSession(db, userId, now, config.refreshTokenTtl);
  const access = await tokens.sign({ userId, userType, sessionId: session.family }, now);
  return { access, refresh: session.refresh };
}
