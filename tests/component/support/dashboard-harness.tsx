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
import { useMyEvents } from '../../../src/features/dashboard/data/my-events-store.ts';
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
  useMyEvents.setState(
    { status: 'ready', events, source: 'server', loadedAt: Date.now(), loadError: null, entries: [] },
    true,
  );
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

export function eventRecord(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    id: 12,
    version: 3,
    title: 'Jazz on the roof',
    bio: '',
    location_name: 'Camden, London',
    latitude: 51.54,
    longitude: -0.14,
    start_date: '2026-06-01',
    start_time: '19:00',
    end_date: null,
    end_time: null,
    is_recurring: false,
    is_sponsored: true,
    event_type: null,
    event_subtype: null,
    keywords: [],
    cover_image: null,
    schedule_blocks: {},
    monday: false,
    tuesday: false,
    wednesday: false,
    thursday: false,
    friday: false,
    saturday: false,
    sunday: false,
    recurring_start_time: null,
    recurring_end_time: null,
    created_at: '2026-05-01T10:00:00Z',
    updated_at: '2026-05-01T10:00:00Z',
    ...overrides,
  };
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
