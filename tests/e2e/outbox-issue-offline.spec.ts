import { expect, goOffline, goOnline, test } from './support/offline.ts';
import { outboxCount, supportCopies, waitForWorker } from './support/outbox.ts';

test('an issue report made offline survives a reload offline and reaches support exactly once when back online', async ({
  page,
  context,
  request,
  tcpProxy: proxy,
}) => {
  test.setTimeout(90_000);
  const text = `Offline report ${Date.now()}: the map stays blank in the tunnel`;
  await page.goto(`${proxy.baseURL}/issue`);
  await waitForWorker(page);

  await goOffline(context, proxy);
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/saved on this device/)).toBeVisible();
  expect(await outboxCount(page)).toBe(1);

  // A reload while still offline: the report is still queued, nothing was sent.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Report an issue/);
  expect(await outboxCount(page)).toBe(1);
  expect(await supportCopies(request, text)).toBe(0);

  await goOnline(context, proxy);
  await expect.poll(() => supportCopies(request, text), { timeout: 20_000 }).toBe(1);
  await expect.poll(() => outboxCount(page)).toBe(0);
  // Another trigger (a tab coming back into view) must not send it again.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.waitForTimeout(1_000);
  expect(await supportCopies(request, text)).toBe(1);
});
