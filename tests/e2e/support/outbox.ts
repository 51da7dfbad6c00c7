/** Steps the outbox specs share: reading the support mailbox and the browser's outbox store. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { countOutboxRows } from './browser-probes.ts';

/** How many mails to support contain `text` (contract §4 dev mailbox). */
export async function supportCopies(request: APIRequestContext, text: string, origin = ''): Promise<number> {
  const response = await request.get(`${origin}/api/dev/mailbox?email=support@example.com`);
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
  return messages.filter((message) => message.text.includes(text)).length;
}

/** Rows in the page's IndexedDB outbox (0: nothing pending). */
export function outboxCount(page: Page): Promise<number> {
  return page.evaluate(countOutboxRows);
}

/** Waits until a service worker controls the page (offline navigations need it). */
export async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}

/** Titles of `email`'s events on the server at `origin`, read with a token of their own. */
export async function serverTitles(request: APIRequestContext, email: string, origin: string): Promise<string[]> {
  const login = await request.post(`${origin}/api/auth/login/`, { data: { email, password: 'demo-password-1' } });
  const { access } = (await login.json()) as { access: string };
  const response = await request.get(`${origin}/api/events/user/`, { headers: { Authorization: `Bearer ${access}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Array<{ title: string }>).map((event) => event.title);
}

/**
 * How many mails the server at hand printed whose text contains `text`
 * (contract §4: every mail is also printed to the server log). Works whatever
 * the dev mailbox shows for the support address; `text` should be unique to
 * the test and free of characters a log format would escape.
 */
export function mailsInLog(serverOutput: string, text: string): number {
  return serverOutput.split(text).length - 1;
}
