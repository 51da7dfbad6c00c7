import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydration.ts';

// After a deploy, a tab still running the old build asks for page chunks the
// server no longer has. Simulated by failing the FAQ page's chunk.
test.use({ serviceWorkers: 'block' });

test('a page chunk that fails to load offers the newer version inside the site frame, and Reload recovers', async ({
  page,
}) => {
  // Boot slowly, as on a busy machine: the app's first two zero-delay timeouts (boot's
  // nextTask) wait 1.5 s, so "networkidle" comes well before the links are the router's.
  await page.addInitScript(() => {
    const original = window.setTimeout;
    let slowed = 0;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) =>
      original(handler, !ms && slowed++ < 2 ? 1500 : ms, ...rest)) as typeof window.setTimeout;
  });
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.route(/\/assets\/faq-page-[\w-]+\.js$/, (route) => route.abort('failed'));
  // A click before the app has booted is a full page load, which serves the prerendered FAQ.
  const faqLink = page.getByRole('banner').getByRole('link', { name: 'FAQ' });
  await hydrated(faqLink);
  await faqLink.click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A newer version is available — reload');
  await expect(page.getByRole('banner')).toBeVisible();

  await page.unroute(/\/assets\/faq-page-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('A newer version is available — reload');
  await expect(page.getByRole('searchbox', { name: 'Search questions' })).toBeVisible();
});
