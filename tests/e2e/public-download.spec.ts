import { expect, test } from '@playwright/test';

test('the App Store badge opens the iOS beta steps in a modal that closes with focus returned', async ({ page }) => {
  await page.goto('/roamly');
  await expect(page.getByText('In development')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', /play\.google\.com/);
  const badge = page.getByRole('button', { name: 'Download on the App Store' });
  await badge.click();
  const dialog = page.getByRole('dialog', { name: 'Install the iOS beta' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Beta version 0.9.4 (beta)');
  await expect(dialog.getByRole('listitem')).toHaveCount(5);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(badge).toBeFocused();

  await badge.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
