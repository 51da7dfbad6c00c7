import { expect, test } from '@playwright/test';

// After a deploy, a tab still running the old build asks for page chunks the
// server no longer has. Simulated by failing the FAQ page's chunk.
test.use({ serviceWorkers: 'block' });

test('a page chunk that fails to load offers the newer version inside the site frame, and Reload recovers', async ({
  page,
}) => {
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.route(/\/assets\/faq-page-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A newer version is available — reload');
  await expect(page.getByRole('banner')).toBeVisible();

  await page.unroute(/\/assets\/faq-page-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('A newer version is available — reload');
  await expect(page.getByRole('searchbox', { name: 'Search questions' })).toBeVisible();
});
