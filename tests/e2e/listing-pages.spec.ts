/**
 * Public listing pages in a real browser: a page opened once reads
 * offline afterwards, cover included, even when that first visit installed
 * the service worker; a deleted event answers 404 and is no longer served
 * from the offline copy.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { demoAccounts, demoPassword } from './support/auth.ts';
import { createEventViaApi, uniqueTitle } from './support/dashboard.ts';

// Dates follow the reader's locale (src/components/listing/listing-time.ts); these checks read them in British English.
test.use({ locale: 'en-GB' });

// A 2×2 PNG, so the page has a real cover to keep.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function token(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login/', {
    data: { email: demoAccounts.promoter, password: demoPassword },
  });
  return ((await login.json()) as { access: string }).access;
}

const createEvent = (request: APIRequestContext, title: string) =>
  createEventViaApi(request, demoAccounts.promoter, title, {
    latitude: '51.539',
    longitude: '-0.1426',
    start_time: '20:00',
    cover_image: { name: 'cover.png', mimeType: 'image/png', buffer: PNG },
  });

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Waits until the worker has kept this page (and its cover) for offline reading. */
async function waitUntilKept(page: Page, path: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          const cache = await caches.open('listing-pages-v1');
          const keys = (await cache.keys()).map((request) => new URL(request.url).pathname);
          return keys.includes(wanted) && keys.some((key) => key.startsWith('/api/media/'));
        }, path),
      { timeout: 20_000 },
    )
    .toBe(true);
}

test('an event page has one main, its heading, no axe violations and no console errors', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const title = uniqueTitle('Lantern Walk');
  await page.goto(`/e/${await createEvent(request, title)}/${slugOf(title)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', /query=51\.539%2C-0\.1426/);
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('Share on an event page copies its address marked for insights where there is no share sheet', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const title = uniqueTitle('Share Walk');
  const id = await createEvent(request, title);
  await page.addInitScript(() => {
    // The desktop case: no Web Share (a phone opens its share sheet instead).
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  await page.goto(`/e/${id}/${slugOf(title)}`);
  const share = page.getByRole('button', { name: 'Share' });
  await share.click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/e/${id}/[^?]+\\?src=share$`));
  // Beside Add to calendar, not somewhere of its own.
  await expect(page.locator('.listing-actions').getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await expect(page.locator('.listing-actions').getByRole('button', { name: 'Share' })).toBeVisible();
});

test('an event page opened once reads offline afterwards, cover included', async ({ page, context, request }) => {
  const title = uniqueTitle('Canal Jazz');
  const path = `/e/${await createEvent(request, title)}/${slugOf(title)}`;
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await waitUntilKept(page, path);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('Fri, 2 Oct 2026, 20:00 BST')).toBeVisible();
  const cover = page.locator('.listing__cover img');
  // Drawn at all (with srcset, naturalWidth is scaled by the candidate's density, so not the file's 2 px).
  const drawn = (img: HTMLImageElement) => img.complete && img.naturalWidth > 0;
  await expect.poll(() => cover.evaluate(drawn)).toBe(true);

  // The page draws a smaller copy (srcset); the 960 px one is what was kept.
  expect(await cover.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).search)).toBe('?w=960');

  // A fresh tab on a narrow screen, and a link with a tracking query, read the
  // same kept copy; the cover asks for the 480 px copy, which was never
  // fetched, and the worker draws the kept one instead.
  const fresh = await context.newPage();
  await fresh.setViewportSize({ width: 320, height: 640 });
  await fresh.goto(`${path}?utm_source=flyer`);
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText(title);
  const narrowCover = fresh.locator('.listing__cover img');
  await expect.poll(() => narrowCover.evaluate(drawn)).toBe(true);
  expect(await narrowCover.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).search)).toBe('?w=480');
  // A listing never opened says so instead of showing the app's home page.
  await fresh.goto('/e/999999/never-seen');
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await context.setOffline(false);
});

test('a deleted event answers a real 404 page and is dropped from the offline copies', async ({
  page,
  context,
  request,
}) => {
  const title = uniqueTitle('Last Orders');
  const id = await createEvent(request, title);
  const path = `/e/${id}/${slugOf(title)}`;
  await page.goto(path);
  await waitUntilKept(page, path);

  const deleted = await request.delete(`/api/events/${id}/delete/`, {
    headers: { Authorization: `Bearer ${await token(request)}` },
  });
  expect(deleted.status()).toBe(204);
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  expect(page.url()).toContain(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that listing');

  await context.setOffline(true);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await context.setOffline(false);
});
