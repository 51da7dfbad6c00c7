import { expect, goOffline, goOnline, test } from './support/offline.ts';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { outboxCount, waitForWorker } from './support/outbox.ts';
import { lookAt } from './support/screenshots.ts';

test('the Outbox screen lists a write queued offline with its state, copies it as text and discards it', async ({
  page,
  context,
  tcpProxy: proxy,
}) => {
  test.setTimeout(90_000);
  await logInThroughPanel(page, demoAccounts.business, undefined, proxy.baseURL);
  await page.goto(`${proxy.baseURL}/dashboard/outbox`);
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect(page.getByText('Nothing waiting: every change has been sent.')).toBeVisible();
  await waitForWorker(page);

  await goOffline(context, proxy);
  await page.goto(`${proxy.baseURL}/issue`);
  const text = `Queued while offline ${Date.now()}`;
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/saved on this device/)).toBeVisible();

  await page.goto(`${proxy.baseURL}/dashboard/outbox`);
  const row = page.getByRole('listitem').filter({ hasText: 'Issue report' });
  await expect(row).toContainText('Pending sync');
  await expect(row).toContainText('just now');
  if (process.env.E2E_SCREENSHOTS) {
    await lookAt(page, 'outbox');
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'outbox-phone', false);
  }

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy unsent changes' }).click();
  await expect(page.getByText(/Copied|Unsent changes/).first()).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('Nothing waiting: every change has been sent.')).toBeVisible();
  expect(await outboxCount(page)).toBe(0);
  await goOnline(context, proxy);
});
