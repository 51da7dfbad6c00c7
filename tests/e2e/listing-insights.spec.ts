/**
 * Insights, end to end: the organiser's own visit to the public
 * page is not counted (the page's beacon carries the dashboard's token from
 * this browser), a visitor who scanned the QR poster (`?src=qr`) in another
 * browser is — as a view and a QR scan, with `?src` gone from the address
 * bar; reloading the page is another view but the same visitor — and the
 * organiser then sees it in the card's Insights dialog (Views 2, Visitors 1),
 * which passes an axe scan.
 */
import { expect, test, type Locator } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { axeViolations } from './support/axe.ts';
import { card, createEventViaApi, uniqueTitle } from './support/dashboard.ts';

/** A visitor's phone: not a robot (robots are not counted). */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function figure(dialog: Locator, label: string) {
  return dialog
    .locator('.insights__total')
    .filter({ has: dialog.page().getByText(label, { exact: true }) })
    .locator('dd');
}

test('a visit through the QR code shows in the Insights of its card; the owner’s own visit does not', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = uniqueTitle('Counted night');
  const id = await createEventViaApi(request, demoAccounts.promoter, title);

  // The organiser looks at their own page from the signed-in browser: its beacon is answered, not counted.
  await logInThroughPanel(page, demoAccounts.promoter);
  const ownBeacon = page.waitForResponse((r) => r.url().endsWith(`/api/events/${id}/insights/hit/`));
  await page.goto(`/e/${id}?src=qr`);
  await page.waitForURL(new RegExp(`/e/${id}/`));
  expect((await ownBeacon).status()).toBe(204);

  // A visitor scans the poster on their phone.
  const visitor = await browser.newContext({ userAgent: PHONE_AGENT, viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  const beacon = phone.waitForResponse((r) => r.url().endsWith(`/api/events/${id}/insights/hit/`));
  await phone.goto(`/e/${id}?src=qr`);
  await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const sent = await beacon;
  expect(sent.status()).toBe(204);
  expect(sent.request().postDataJSON()).toEqual({ kind: 'view', src: 'qr' });
  await expect(phone).toHaveURL(new RegExp(`^${baseURL}/e/${id}/[a-z0-9-]+$`));
  // A reload is another page load: another view, the same visitor.
  const again = phone.waitForResponse((r) => r.url().endsWith(`/api/events/${id}/insights/hit/`));
  await phone.reload();
  expect((await again).request().postDataJSON()).toEqual({ kind: 'view' });
  await visitor.close();

  // Counts reach the database at the next flush (10 s): reopen Insights until they show.
  await page.goto('/dashboard/events');
  const ours = card(page, title);
  await expect(ours).toBeVisible();
  await expect
    .poll(
      async () => {
        await ours.getByRole('button', { name: 'Insights' }).click();
        const dialog = page.getByRole('dialog', { name: `Insights: ${title}` });
        await expect(dialog.getByText(/as of /)).toBeVisible();
        const views = await figure(dialog, 'Views').textContent();
        await dialog.getByRole('button', { name: 'Done' }).click();
        await expect(dialog).toBeHidden();
        return views;
      },
      { timeout: 45_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe('2');

  await ours.getByRole('button', { name: 'Insights' }).click();
  const dialog = page.getByRole('dialog', { name: `Insights: ${title}` });
  await expect(figure(dialog, 'Visitors')).toHaveText('1');
  await expect(figure(dialog, 'QR scans')).toHaveText('1');
  await expect(figure(dialog, 'Ticket clicks')).toHaveText('0');
  await expect(dialog.getByRole('img', { name: /busiest day was .* with 2\./ })).toBeVisible();
  await dialog.getByText('Daily figures', { exact: true }).click();
  await expect(dialog.getByRole('table')).toBeVisible();
  expect(await axeViolations(page, { include: 'dialog[open]' })).toEqual([]);
});
