/**
 * Share and QR poster in the dashboard: without the Web Share API,
 * Share copies the public link and says so; the poster shows the listing and
 * a QR code that decodes — read from a screenshot of the page and from the
 * downloaded PNG by an independent decoder (jsQR, tests/support/qr-read.ts)
 * — to the public page, which answers 200.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { readQrPng } from '../support/qr-read.ts';

import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { card, createEventViaApi, uniqueTitle } from './support/dashboard.ts';

// Dates follow the reader's locale (src/components/listing/listing-time.ts); these checks read them in British English.
test.use({ locale: 'en-GB' });

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

test('Share copies the public link when the browser has no share sheet', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Desktop Chromium on Linux has no navigator.share; make sure of it.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined }));
  const title = uniqueTitle('Share me');
  const id = await createEventViaApi(request, demoAccounts.promoter, title);
  await logInThroughPanel(page, demoAccounts.promoter);
  await page.goto('/dashboard/events');
  const event = card(page, title);
  await event.getByRole('button', { name: 'Share' }).click();
  await expect(event.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/e/${id}/${slugOf(title)}?src=share`);
  expect((await request.get(copied)).status()).toBe(200);
});

test('the QR poster prints the listing with a QR code that decodes to its public page', async ({
  page,
  request,
  baseURL,
}) => {
  const title = uniqueTitle('Poster night');
  const id = await createEventViaApi(request, demoAccounts.promoter, title);
  const url = `${baseURL}/e/${id}/${slugOf(title)}`;
  await logInThroughPanel(page, demoAccounts.promoter);
  await page.goto('/dashboard/events');
  await card(page, title).getByRole('link', { name: 'QR poster' }).click();
  await expect(page).toHaveURL(`/dashboard/poster/${id}`);
  const poster = page.getByRole('article', { name: 'Poster' });
  await expect(poster.getByRole('heading', { name: title })).toBeVisible();
  await expect(poster).toContainText('Fri, 2 Oct 2026');
  await expect(poster).toContainText('Camden Town, England, GB');

  // The code carries ?src=qr, so the listing's insights count the scans; the sheet prints the plain address.
  const scanned = `${url}?src=qr`;
  await expect(poster).toContainText(url);
  const qr = poster.getByRole('img', { name: `QR code for ${scanned}` });
  // Read off the screen as a phone camera would. In the middle of the viewport: scrolled
  // only "into view", its top can sit under the sticky site header, and the shot then
  // shows the header's edge instead of the finder pattern.
  await qr.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const readScreen = async () => readQrPng(await qr.screenshot({ animations: 'disabled' }));
  await expect.poll(readScreen, { timeout: 10_000 }).toBe(scanned);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download QR code (PNG)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${slugOf(title)}-qr.png`);
  const png = readFileSync((await download.path())!);
  expect(await readQrPng(png)).toBe(scanned);
  expect((await request.get(scanned)).status()).toBe(200);

  // Printed, only the sheet shows.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print poster' })).toBeHidden();
  await expect(page.locator('header').first()).toBeHidden();
  await expect(qr).toBeVisible();
});
