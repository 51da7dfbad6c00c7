import { expect, test, type Locator } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { card } from './support/dashboard.ts';

test.use({ viewport: { width: 390, height: 844 } });

const box = async (locator: Locator) => (await locator.boundingBox())!;

// The marketing page's store badges once shared the `.badge` class and stripped these of
// their background: white text on a white card, above an empty row.
test("an event card's kind badge is readable over its cover, and the title follows the cover closely", async ({
  page,
}) => {
  await logInThroughPanel(page, demoAccounts.business);
  await page.goto('/dashboard/events');
  const listing = card(page, 'Harbour Lights Café');
  const badge = listing.getByText('Business', { exact: true });
  await expect(badge).toBeVisible();

  const colours = await badge.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, text: style.color };
  });
  expect(colours.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(colours.background).not.toBe(colours.text);

  const cover = listing.locator('.event-card__cover');
  const [badgeBox, coverBox, titleBox] = await Promise.all([
    box(badge),
    box(cover),
    box(listing.getByRole('heading', { name: 'Harbour Lights Café' })),
  ]);
  expect(badgeBox.y).toBeGreaterThanOrEqual(coverBox.y);
  expect(badgeBox.y + badgeBox.height).toBeLessThanOrEqual(coverBox.y + coverBox.height);
  expect(titleBox.y - (coverBox.y + coverBox.height)).toBeLessThan(30);
});
