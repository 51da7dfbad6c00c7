/**
 * Two tabs of one account in Chromium (twin of tests/firefox/two-tabs.test.ts):
 * both show the same pending count, and when the connection returns — both
 * tabs' triggers fire — each queued write goes on the wire once, because one
 * flusher at a time holds the Web Lock `outbox-flush`.
 */
import { demoPassword, logInThroughPanel } from './support/auth.ts';
import { card, freshBusinessAccount, serverEvents, uniqueTitle } from './support/dashboard.ts';
import { outboxCount, waitForWorker } from './support/outbox.ts';
import { expect, goOffline, goOnline, test } from './support/offline.ts';

test('two tabs: the same pending count, and each write queued offline is sent once between them', async ({
  context,
  request,
  tcpProxy: proxy,
}) => {
  test.setTimeout(90_000);
  const email = await freshBusinessAccount(request);
  const first = await context.newPage();
  await logInThroughPanel(first, email, demoPassword, proxy.baseURL);
  const second = await context.newPage();
  await Promise.all([
    first.goto(`${proxy.baseURL}/dashboard/events`),
    second.goto(`${proxy.baseURL}/dashboard/events`),
  ]);
  await waitForWorker(first);
  await waitForWorker(second);

  await goOffline(context, proxy);
  const titles = [uniqueTitle('Tab one'), uniqueTitle('Tab two'), uniqueTitle('Tab three')];
  for (const title of titles) {
    await first.getByRole('button', { name: 'New event' }).click();
    const create = first.getByRole('dialog', { name: 'New event' });
    await create.getByLabel('Title').fill(title);
    await create.getByRole('combobox', { name: 'Location' }).fill('Two tabs square');
    await create.getByRole('button', { name: 'Publish' }).click();
    await expect(create).toBeHidden();
  }
  for (const page of [first, second]) await expect(page.getByRole('link', { name: '3 pending' })).toBeVisible();
  await expect(card(second, titles[2] as string)).toContainText('Pending sync');

  const before = proxy.requests().length;
  const back = await goOnline(context, proxy);
  await expect.poll(() => outboxCount(first), { timeout: 20_000 }).toBe(0);
  console.log(`[chromium] two tabs: 3 writes synced ${Date.now() - back} ms after reconnect`);
  for (const page of [first, second]) await expect(page.getByText('All changes saved')).toBeVisible();
  const creates = proxy
    .requests()
    .slice(before)
    .filter((r) => r.method === 'POST' && r.path === '/api/events/create/')
    .map((r) => r.status);
  expect(creates, 'each queued create was sent by one tab, once').toEqual([201, 201, 201]);
  const events = await serverEvents(request, email);
  for (const title of titles) expect(events.filter((event) => event.title === title)).toHaveLength(1);
});
