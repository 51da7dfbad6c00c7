import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

/**
 * Records every token refresh: the refresh token it spent and the answer. Tokens rotate, so
 * the property that matters is that no refresh token is ever sent twice (the server would
 * revoke the session) — not how many refreshes a slow machine needed, since a page that
 * takes longer than the 3 s access lifetime to load legitimately refreshes again with the
 * rotated token.
 */
function recordRefreshes(source: Page | BrowserContext) {
  const spent: { token: string; status: number }[] = [];
  source.on('response', (response) => {
    if (!response.url().endsWith('/api/auth/refresh/')) return;
    const body = response.request().postDataJSON() as { refresh?: string } | null;
    spent.push({ token: body?.refresh ?? '', status: response.status() });
  });
  return {
    count: () => spent.length,
    expectEachTokenSpentOnceAndAccepted() {
      expect(spent.length).toBeGreaterThan(0);
      expect(spent.map((entry) => entry.status)).toEqual(spent.map(() => 200));
      expect(new Set(spent.map((entry) => entry.token)).size).toBe(spent.length);
    },
  };
}

/**
 * The server's answer to the profile: the profile this device kept draws the dashboard before
 * it, so only this answer proves an expired session carried on.
 */
function serverProfileLoaded(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith('/api/auth/profile/') && response.status() === 200);
}

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

    const refreshes = recordRefreshes(page);
    await page.waitForTimeout(4_000);
    const profileLoaded = serverProfileLoaded(page);
    await page.reload();
    await profileLoaded;
    await expect(page).toHaveURL(`${server.baseURL}/dashboard`);
    await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    refreshes.expectEachTokenSpentOnceAndAccepted();
    const afterFirstExpiry = refreshes.count();

    // Expired again: the dashboard's calls after a reload (profile, events…) share one refresh.
    // Two refreshes with the same rotating token would make the server revoke the session.
    await page.waitForTimeout(4_000);
    const profileLoadedAgain = serverProfileLoaded(page);
    await page.reload();
    await profileLoadedAgain;
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(refreshes.count()).toBeGreaterThan(afterFirstExpiry);
    refreshes.expectEachTokenSpentOnceAndAccepted();
  });

  test('two tabs whose token expired together run one refresh between them (Web Lock)', async ({ context }) => {
    const first = await context.newPage();
    await logInThroughPanel(first, demoAccounts.promoter, undefined, server.baseURL);
    const second = await context.newPage();
    await Promise.all([first.goto(`${server.baseURL}/dashboard`), second.goto(`${server.baseURL}/dashboard`)]);
    for (const page of [first, second]) await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

    const refreshes = recordRefreshes(context);
    // A slow refresh answer keeps the race open: the second tab's calls fail while the first
    // tab's refresh is still on its way, so only the cross-tab lock keeps it from spending the
    // same refresh token again.
    await context.route('**/api/auth/refresh/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await first.waitForTimeout(4_000);
    const profilesLoaded = [first, second].map((page) => serverProfileLoaded(page));
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all(profilesLoaded);
    for (const page of [first, second]) {
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
    }
    // The refresh token rotates: had both tabs refreshed with the same token, the server would
    // have revoked the session and one refresh would have answered 401.
    refreshes.expectEachTokenSpentOnceAndAccepted();
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
