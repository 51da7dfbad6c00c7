/** Sign-in steps and demo data shared by the end-to-end specs. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const demoPassword = 'demo-password-1';
export const demoAccounts = {
  business: 'business@example.com',
  promoter: 'promoter@example.com',
  member: 'member@example.com',
} as const;

/** Logs in through the side panel's Log in tab and waits until the header shows Logout. */
export async function logInThroughPanel(page: Page, email: string, password = demoPassword, origin = '') {
  await page.goto(`${origin}/login`);
  const panel = page.getByRole('dialog', { name: 'Site menu' });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(panel).toBeHidden();
  await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** The newest verification code mailed to `email`, read from the dev mailbox (contract §4). */
export async function latestCode(request: APIRequestContext, email: string, origin = ''): Promise<string> {
  const response = await request.get(`${origin}/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: { code?: string }[] };
  const code = messages.findLast((m) => m.code)?.code;
  if (!code) throw new Error(`No verification code was mailed to ${email}`);
  return code;
}

/** How many mails carrying a code `email` has received. */
export async function codeCount(request: APIRequestContext, email: string, origin = ''): Promise<number> {
  const response = await request.get(`${origin}/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: { code?: string }[] };
  return messages.filter((m) => m.code).length;
}

/** A fresh address per test, so parallel runs never collide. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
