import { expect, test } from '@playwright/test';

test('/login redirects home, opens the Log in tab and drops the parameter', async ({ page }) => {
  await page.goto('/login');
  const panel = page.getByRole('dialog', { name: 'Site menu' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByLabel('Email')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown path answers 404 (no soft 404) and the app takes the visitor to the landing page', async ({
  page,
}) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a signed-out visitor to /dashboard is sent to the Log in panel', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
});

test('signed out, the header shows Contact and Get Started but no Dashboard or Logout', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await header.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Menu button opens the Menu tab; Escape closes it and focus returns', async ({ page }) => {
    await page.goto('/about');
    const menu = page.locator('header').getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.click();
    const panel = page.getByRole('dialog', { name: 'Site menu' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('tab', { name: 'Menu' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('link', { name: 'Report an Issue' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

test('on a desktop the Menu button is hidden', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.locator('header').getByRole('button', { name: 'Menu' })).toBeHidden();
});
