import { expect, test } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

test.describe('with access tokens that live 3 seconds', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ ACCESS_TOKEN_TTL: '3' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the user stays signed in across expiry: one refresh, then the calls succeed', async ({ page }) => {
    await logInThroughPanel(page, demoAccounts.business, undefined, server.baseURL);
    await page.goto(`${server.baseURL}/dashboard`);
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/refresh/')) refreshes.push(response.status());
    });
    await page.waitForTimeout(4_000);
    await page.reload();
    await expect(page).toHaveURL(`${server.baseURL}/dashboard`);
    await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    expect(refreshes).toEqual([200]);

    // Expired again: the dashboard's calls after a reload (profile, events…) share one refresh.
    // Two refreshes with the same rotating token would make the server revoke the session.
    await page.waitForTimeout(4_000);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(refreshes).toEqual([200, 200]);
  });

  test('two tabs whose token expired together run one refresh between them (Web Lock)', async ({ context }) => {
    const first = await context.newPage();
    await logInThroughPanel(first, demoAccounts.promoter, undefined, server.baseURL);
    const second = await context.newPage();
    await Promise.all([first.goto(`${server.baseURL}/dashboard`), second.goto(`${server.baseURL}/dashboard`)]);
    for (const page of [first, second]) await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith('/api/auth/refresh/')) refreshes.push(response.status());
    });
    await first.waitForTimeout(4_000);
    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) {
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
    }
    // The refresh token rotates: a second refresh with the same token would have revoked the session.
    expect(refreshes).toEqual([200]);
  });
});

test('logout in one tab signs out the other', async ({ context }) => {
  const first = await context.newPage();
  await logInThroughPanel(first, demoAccounts.business);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

  await first.locator('header').getByRole('button', { name: 'Logout' }).click();
  await expect(first.locator('header').getByRole('button', { name: 'Get Started' })).toBeVisible();
  // The other tab drops the dashboard (signed-out visitors go to /login, i.e. the Log in panel).
  await expect(second.locator('header').getByRole('button', { name: 'Get Started' })).toBeVisible();
  await expect(second).not.toHaveURL(/\/dashboard/);
});
