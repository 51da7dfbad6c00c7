import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { card, uniqueTitle } from './support/dashboard.ts';
import { mailsInLog, outboxCount, serverTitles } from './support/outbox.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

// A server that answers a quarter of writes 503 before applying them and drops
// the connection after applying another quarter (contract §2 CHAOS).
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ CHAOS: 'error=0.25,drop=0.25' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Submits the form once: thanked, or told the report is kept and will be sent by itself. */
async function submitOnce(page: Page) {
  const thanks = page.getByRole('heading', { name: /Thank you/ });
  const kept = page.getByText(/saved on this device/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Sending…')).toHaveCount(0);
  await expect(thanks.or(kept).first()).toBeVisible();
}

test('under CHAOS, issue reports submitted online land exactly once and nothing stays pending', async ({ page }) => {
  test.setTimeout(120_000);
  const texts = Array.from({ length: 5 }, (_, i) => `Chaos report ${i} ${Date.now()}: the page froze`);
  await page.goto(`${server.baseURL}/issue`);
  for (const text of texts) {
    await page.getByLabel('Message', { exact: true }).fill(text);
    await submitOnce(page);
  }
  // Whatever the first attempt met, the outbox delivers each report, once.
  await expect.poll(() => outboxCount(page), { timeout: 60_000 }).toBe(0);
  // The server prints each mail before it answers, but this process reads the
  // server's stdout pipe on its own schedule: the last line can still be in
  // flight when the browser's outbox already reads empty, so wait for it.
  const counts = () => texts.map((text) => mailsInLog(server.output(), text));
  await expect.poll(() => Math.min(...counts()), { timeout: 10_000 }).toBeGreaterThan(0);
  expect(counts()).toEqual(texts.map(() => 1));
});

test('under CHAOS, an event created, edited and deleted in the dashboard lands exactly once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = uniqueTitle('Chaos gig');
  const renamed = `${title} moved`;
  const email = demoAccounts.business;
  await logInThroughPanel(page, email, undefined, server.baseURL);
  await page.goto(`${server.baseURL}/dashboard/events`);

  await page.getByRole('button', { name: 'New event' }).click();
  const create = page.getByRole('dialog', { name: 'New event' });
  await create.getByLabel('Title').fill(title);
  await create.getByRole('button', { name: 'Publish' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });

  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await serverTitles(request, email, server.baseURL)).filter((t) => t.startsWith(title)))
    .toEqual([renamed]);

  page.once('dialog', (dialog) => void dialog.accept());
  await card(page, renamed).getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, renamed)).toHaveCount(0);
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await serverTitles(request, email, server.baseURL)).filter((t) => t.startsWith(title)).length)
    .toBe(0);
  expect(await outboxCount(page)).toBe(0);
});
