import { expect, test } from '@playwright/test';
import { publicRoutes } from './support/public-routes.ts';

for (const { path, heading } of publicRoutes) {
  // Axe scans every public route on a phone and a desktop, online and offline, in
  // dashboard-a11y.spec.ts (WCAG 2.2 AA and best practices).
  test(`${path} has one main, its heading, and hydrates without an error`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('main')).toHaveCount(1);
    // A first visit starts the app on the first interaction: give it one, then let it hydrate.
    await page.mouse.move(5, 5);
    await expect.poll(() => page.evaluate(() => (window as { __roamlyLive?: boolean }).__roamlyLive)).toBe(true);
    await page.waitForLoadState('networkidle');
    // Hydration must not complain (a mismatch would re-render the page).
    expect(errors).toEqual([]);
  });
}

test('a static page keeps client-side navigation through its links', async ({ page }) => {
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as { marker?: number }).marker = 1));
  await page.locator('main').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions and answers');
  await expect(page).toHaveTitle(/FAQ/);
  // Same document: the router handled the click, nothing reloaded.
  expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(1);
});

test('the policies carry the facts the spec requires', async ({ page }) => {
  await page.goto('/terms');
  const terms = page.locator('main');
  await expect(terms).toContainText('18 years old');
  await expect(terms).toContainText('not the seller');
  await expect(terms).toContainText('connected-account onboarding');
  await expect(terms).toContainText('platform fee');
  await expect(terms).toContainText('Refunds are the responsibility of the business');
  await expect(terms).toContainText('greater of £100 or the fees you paid');
  await expect(terms).toContainText('six months');
  await expect(terms).toContainText('30 days');
  await expect(terms).toContainText('venue may need to approve');
  await expect(terms.getByRole('navigation', { name: 'Contents' })).toBeVisible();
  await expect(terms.getByText(/Last updated/)).toBeVisible();

  await page.goto('/privacy');
  await expect(page.locator('main')).toContainText('deleted within 30 days');
  await page.goto('/delete');
  const remove = page.locator('main');
  await expect(remove).toContainText('Settings');
  await expect(remove).toContainText('Delete Account');
  await expect(remove).toContainText('irreversible');
  await expect(remove).toContainText('30 days');
});

test('contact lists email, messaging number, the report page and the 24-hour promise', async ({ page }) => {
  await page.goto('/contact');
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
    'href',
    'mailto:support@example.com',
  );
  await expect(main.getByRole('link', { name: '+44 7700 900123' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Open the report form' })).toHaveAttribute('href', '/issue');
  await expect(main).toContainText('within 24 hours');
});

test('about has its six sections and links to contact and FAQ', async ({ page }) => {
  await page.goto('/about');
  for (const id of ['story', 'users', 'businesses', 'society', 'future', 'founder']) {
    await expect(page.locator(`section#${id} h2`)).toBeVisible();
  }
  await expect(page.locator('main').getByRole('link', { name: 'contact us' })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: 'FAQ' })).toBeVisible();
});

test('the landing page sells and offers contact and the app', async ({ page }) => {
  await page.goto('/');
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  await expect(main.getByRole('link', { name: 'Get the app' }).first()).toHaveAttribute('href', '/roamly');
  for (const audience of ['For people going out', 'For businesses', 'For promoters']) {
    await expect(main.getByText(audience)).toBeVisible();
  }
});

test('each prerendered page declares its canonical URL and Open Graph data', async ({ request }) => {
  const html = await (await request.get('/faq')).text();
  expect(html).toContain('<link rel="canonical" href="https://roamly.example.com/faq"');
  expect(html).toContain('<meta property="og:title"');
  // The sitemap is an index of files, served from PUBLIC_URL (here the test server's own origin).
  const index = await (await request.get('/sitemap.xml')).text();
  const firstFile = /<loc>(http:\/\/127\.0\.0\.1:\d+\/sitemap-1\.xml)<\/loc>/.exec(index)?.[1];
  expect(firstFile, index).toBeTruthy();
  const sitemap = await (await request.get(new URL(firstFile!).pathname)).text();
  expect(sitemap).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/child-safety<\/loc>/);
  expect((await request.get('/icons/og-image.png')).headers()['content-type']).toContain('image/png');
});
