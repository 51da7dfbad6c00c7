/**
 * Renders a dashboard screen as the router does, signed in as a business user,
 * with the real outbox and API client over a stubbed `fetch` (stub-api.ts).
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { writeTokens } from '../../../src/shared/db/token-storage.ts';
import type { EventRecord } from '../../../src/shared/contract/event.ts';
import type { User } from '../../../src/shared/contract/user.ts';
import { useAuth } from '../../../src/stores/auth-store.ts';
import { useMyEvents } from '../../../src/stores/my-events-store.ts';
import { initialSyncState, useSync } from '../../../src/stores/sync-store.ts';
import { businessUser } from './stub-api.ts';

/** An access token whose `sub` is user 1 (the outbox stamps entries with it). */
const ACCESS = `x.${btoa(JSON.stringify({ sub: 1 }))}.y`;

export async function signInAs(user: Partial<User> = {}): Promise<User> {
  const full = { ...businessUser, ...user } as User;
  await writeTokens({ access: ACCESS, refresh: 'refresh-token' });
  useAuth.setState({ status: 'signed-in', user: full });
  useSync.setState(initialSyncState, true);
  return full;
}

export function seedEvents(events: readonly EventRecord[]): void {
  useMyEvents.setState({ status: 'ready', events, source: 'server', loadedAt: Date.now(), loadError: null }, true);
}

type ScreenRoute = { path: string; Component: () => React.ReactNode };

export function renderScreen(path: string, route: ScreenRoute | readonly ScreenRoute[]) {
  const list = Array.isArray(route) ? route : [route];
  const router = createMemoryRouter(
    list.map(({ path: p, Component }) => ({ path: p, Component })),
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Multipart text fields the page sent, as a plain object. */
export function formFields(body: unknown): Record<string, string> {
  if (!(body instanceof FormData)) throw new Error('expected a multipart body');
  const out: Record<string, string> = {};
  body.forEach((value, key) => {
    out[key] = typeof value === 'string' ? value : `[file ${key}]`;
  });
  return out;
}
