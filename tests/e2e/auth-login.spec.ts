import { expect, test } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';

const businessTab = 'a[href^="/dashboard/add-business"], a[href^="/dashboard/business/"]';

test('a wrong password shows "Invalid email or password." and keeps the panel open', async ({ page }) => {
  await page.goto('/login');
  const panel = page.getByRole('dialog', { name: 'Site menu' });
  await panel.getByLabel('Email').fill(demoAccounts.business);
  await panel.getByLabel('Password').fill('not-the-password');
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(panel.getByLabel('Email')).toBeFocused();
  await expect(panel).toBeVisible();
  await expect(page.locator('header').getByRole('button', { name: 'Get Started' })).toBeVisible();
});

test('the demo business logs in, the panel closes, and the dashboard shows the business tab', async ({ page }) => {
  await logInThroughPanel(page, demoAccounts.business);
  await expect(page.locator('header').getByRole('button', { name: 'Get Started' })).toHaveCount(0);
  // Signed in, the Log in tab offers Go to Dashboard instead of the form.
  await page.goto('/login');
  const panel = page.getByRole('dialog', { name: 'Site menu' });
  await expect(panel.getByLabel('Email')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const tabs = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(tabs.locator(businessTab)).toHaveCount(1);
});

test('the demo promoter reaches the dashboard without a business tab', async ({ page }) => {
  await logInThroughPanel(page, demoAccounts.promoter);
  await page.goto('/dashboard');
  const tabs = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(tabs.getByRole('link', { name: 'Events' })).toBeVisible();
  await expect(tabs.locator(businessTab)).toHaveCount(0);
});

test('an app member who signs in is sent from /dashboard to /no-access', async ({ page }) => {
  await logInThroughPanel(page, demoAccounts.member);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/no-access');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
