import { expect, test } from '@playwright/test';

const isAppScript = (url: string) => /\/assets\/.+\.js$/.test(new URL(url).pathname);

test('a first visit runs no app code until the visitor interacts, and the worker registers anyway', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (isAppScript(request.url())) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/faq');
  // Registered from the boot script on load: the page reads offline after this one visit.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);

  const app = page.waitForRequest((request) => /\/assets\/app-[\w-]+\.js$/.test(request.url()));
  await page.mouse.move(5, 5);
  await app;
  await expect.poll(() => page.evaluate(() => (window as { __roamlyLive?: boolean }).__roamlyLive)).toBe(true);
});

test('a browser that already has the app database starts the app after the paint, without waiting', async ({
  page,
}) => {
  await page.goto('/privacy');
  // What a returning visitor has: the app's database (maybe a session, maybe queued writes).
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('roamly');
        request.onsuccess = () => (request.result.close(), resolve());
        request.onerror = () => reject(request.error);
      }),
  );
  const app = page.waitForRequest((request) => /\/assets\/app-[\w-]+\.js$/.test(request.url()));
  await page.goto('/about');
  await app;
  await expect.poll(() => page.evaluate(() => (window as { __roamlyLive?: boolean }).__roamlyLive)).toBe(true);
});

test('a first visit to /login opens the Log in panel without waiting for an interaction', async ({ page }) => {
  // /login redirects to /?login=1: a link in a mail or a bookmark that asks for the panel.
  await page.goto('/login');
  const panel = page.getByRole('dialog', { name: 'Site menu' });
  await expect(panel.getByRole('tab', { name: 'Log in', selected: true })).toBeVisible();
  await expect(panel.getByLabel('Email')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a link clicked while the app is on its way is followed as a plain link when the app never arrives', async ({
  page,
}) => {
  // The press starts the app, whose click the boot script holds for the router; here it never comes.
  await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.locator('main').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions and answers');
});
