import { expect, test } from '@playwright/test';

test('FAQ search: a hint when empty, highlighted matches, and the no-match sentence', async ({ page }) => {
  await page.goto('/faq');
  const search = page.getByRole('searchbox', { name: 'Search questions' });
  const status = page.getByRole('status');
  await expect(status).toContainText('Type a word');
  await expect(page.locator('.faq__item')).toHaveCount(0);

  await search.fill('TAGS');
  await expect(status).toHaveText('1 question found');
  const result = page.locator('.faq__item');
  await expect(result).toHaveCount(1);
  await expect(result.getByRole('heading')).toHaveText('How many tags can I add to a video?');
  await expect(result.locator('mark')).toHaveText('tags');
  await expect(result).toContainText('Up to 8 tags per video');

  await search.fill('coupon');
  await expect(page.locator('.faq__item').first()).toContainText('4-digit coupon code');

  await search.fill('portfolio');
  await expect(page.locator('.faq__item').first()).toContainText('up to 3 portfolio videos');

  await search.fill('verification');
  await expect(page.locator('.faq__item').first()).toContainText('verification badge');

  await search.fill('zzz nothing like this');
  await expect(status).toHaveText('No matching questions found');
  await expect(page.locator('.faq__item')).toHaveCount(0);

  await search.fill('');
  await expect(status).toContainText('Type a word');
});

test('FAQ suggestions run a search with one tap', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: 'refund' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search questions' })).toHaveValue('refund');
  await expect(page.locator('.faq__item mark').first()).toHaveText('refund');
});
