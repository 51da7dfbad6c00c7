import { expect, goOffline, test } from './support/offline.ts';
import { publicRoutes } from './support/public-routes.ts';

test('after one visit, every public route reads offline by fresh navigation and reload', async ({
  page,
  context,
  tcpProxy: proxy,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${proxy.baseURL}/`);
  // The worker is active once its install step has precached every page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await goOffline(context, proxy);
  for (const { path, heading } of publicRoutes) {
    await page.goto(`${proxy.baseURL}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('footer')).toContainText('For adults aged 18 and over');
  }
  // A fresh tab, too: nothing depends on the first page's memory.
  const fresh = await context.newPage();
  await fresh.goto(`${proxy.baseURL}/privacy`);
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  // The pages are interactive offline: the FAQ still searches.
  await fresh.goto(`${proxy.baseURL}/faq`);
  await fresh.getByRole('searchbox', { name: 'Search questions' }).fill('delete');
  await expect(fresh.locator('.faq__item').first()).toContainText('30 days');
  await context.setOffline(false);
});
