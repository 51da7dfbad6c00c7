import { expect, test } from '@playwright/test';
import { mailsInLog, outboxCount } from './support/outbox.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

// The page's own outbox is under test: no service worker to send on its behalf.
test.use({ serviceWorkers: 'block' });

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test('an issue report whose request the connection drops is kept, survives a reload, and is mailed exactly once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = `dropped${Date.now()}`;
  const text = `Report ${token} the map stays blank on the bus`;
  const reportPath = '**/api/auth/report-issue/';
  let aborted = 0;
  // The browser believes it is online; the request dies on the way (patchy mobile data).
  await page.route(reportPath, async (route) => {
    aborted += 1;
    await route.abort('connectionreset');
  });

  await page.goto(`${server.baseURL}/issue`);
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Unable to submit right now. Please check your connection and try again.',
  );
  await expect(page.getByText(/saved on this device and will be sent automatically/)).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
  expect(await outboxCount(page)).toBe(1);
  expect(aborted).toBeGreaterThan(0);

  // A reload while requests still die: the report is still kept.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Report an issue/);
  expect(await outboxCount(page)).toBe(1);
  expect(mailsInLog(server.output(), token)).toBe(0);

  // Requests get through again: the outbox sends it by itself, once.
  await page.unroute(reportPath);
  await expect.poll(() => mailsInLog(server.output(), token), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => outboxCount(page)).toBe(0);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.waitForTimeout(1_000);
  expect(mailsInLog(server.output(), token)).toBe(1);
});
