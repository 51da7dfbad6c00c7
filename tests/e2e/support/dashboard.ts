/** Steps the dashboard specs share: fresh accounts, API reads of the server's truth, a place pick. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demoPassword, latestCode, uniqueEmail } from './auth.ts';

/** Registers and verifies a new business account through the API (the register UI has its own specs). */
export async function freshBusinessAccount(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('owner');
  const display = `owner_${Math.random().toString(36).slice(2, 9)}`;
  const registered = await request.post('/api/auth/register/', {
    data: { email, full_name: 'New Owner', display_name: display, password: demoPassword, user_type: 'business' },
  });
  expect(registered.status()).toBe(201);
  const verified = await request.post('/api/auth/verify-email/', {
    data: { email, code: await latestCode(request, email) },
  });
  expect(verified.ok()).toBe(true);
  return email;
}

export interface ServerEvent {
  id: number;
  title: string;
  is_recurring: boolean;
  keywords: string[];
  schedule_blocks: Record<string, { start: string; end: string }[]>;
  latitude: number | null;
  start_date: string | null;
  [field: string]: unknown;
}

/** The server's list of the user's events, read with a token of its own. */
export async function serverEvents(request: APIRequestContext, email: string): Promise<ServerEvent[]> {
  const login = await request.post('/api/auth/login/', { data: { email, password: demoPassword } });
  const { access } = (await login.json()) as { access: string };
  const response = await request.get('/api/events/user/', { headers: { Authorization: `Bearer ${access}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerEvent[];
}

/** Types into a Location combobox and picks the suggestion that contains `pick`. */
export async function choosePlace(scope: Page | Locator, typed: string, pick: string) {
  const combobox = scope.getByRole('combobox', { name: 'Location' });
  await combobox.fill(typed);
  const option = scope.getByRole('option', { name: pick }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(combobox).toHaveValue(new RegExp(pick));
}

export function card(page: Page, title: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

export function uniqueTitle(label: string): string {
  return `${label} ${Math.random().toString(36).slice(2, 7)}`;
}

/** A multipart field: text, or a file. */
export type FormValue = string | { name: string; mimeType: string; buffer: Buffer };

/**
 * Creates an event straight through the API (setup for journeys that start from existing
 * events); `fields` replace or add to a dated, placed single event.
 */
export async function createEventViaApi(
  request: APIRequestContext,
  email: string,
  title: string,
  fields: Record<string, FormValue> = {},
): Promise<number> {
  const login = await request.post('/api/auth/login/', { data: { email, password: demoPassword } });
  const { access } = (await login.json()) as { access: string };
  const response = await request.post('/api/events/create/', {
    headers: { Authorization: `Bearer ${access}` },
    multipart: {
      title,
      location_name: 'Camden Town, England, GB',
      start_date: '2026-10-02',
      is_recurring: 'false',
      ...fields,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
