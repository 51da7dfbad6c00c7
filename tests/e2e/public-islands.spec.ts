import { expect, test, type Page } from '@playwright/test';

// Page requests only: with the worker blocked, page.route sees every chunk the page asks for.
test.use({ serviceWorkers: 'block' });

/** Holds back the page's request for one chunk until `release()`; `requested` settles when it is asked for. */
async function holdChunk(page: Page, chunk: RegExp) {
  let release!: () => void;
  let markRequested!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(chunk, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { release, requested };
}

/** Scripts the page loaded, and anything it logged as an error (a hydration mismatch would be). */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { scripts, errors };
}

test('a first visit loads no page module; the FAQ search loads on first focus and keeps what was typed', async ({
  page,
}) => {
  const seen = watch(page);
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  expect(seen.scripts.filter((path) => /faq/.test(path))).toEqual([]);

  const chunk = await holdChunk(page, /\/assets\/faq-search-panel-[\w-]+\.js$/);
  const search = page.getByRole('searchbox', { name: 'Search questions' });
  await search.fill('coupon');
  await chunk.requested;
  chunk.release();
  await expect(page.locator('#faq-status')).toHaveText('1 question found');
  await expect(page.locator('.faq__item mark')).toHaveText('coupon');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('coupon');
  expect(seen.errors).toEqual([]);
});

test('text typed into the issue form before its code arrives is kept, and the report can be sent', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/issue');
  await page.waitForLoadState('networkidle');
  expect(seen.scripts.filter((path) => /issue/.test(path))).toEqual([]);

  const chunk = await holdChunk(page, /\/assets\/issue-form-[\w-]+\.js$/);
  const message = page.getByLabel('Message', { exact: true });
  const text = 'The map stays blank on my phone after the update.';
  await message.fill(text);
  await chunk.requested;
  chunk.release();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeEnabled();
  await expect(message).toHaveValue(text);
  await expect(message).toBeFocused();

  await submit.click();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible();
  await expect(message).toHaveValue('');
  expect(seen.errors).toEqual([]);
});

test('text put into the issue form without focus or a key press (autofill) wakes the form, which takes it', async ({
  page,
}) => {
  const seen = watch(page);
  await page.goto('/issue');
  await page.waitForLoadState('networkidle');
  const text = 'Filled in by a password manager, never focused.';
  // What autofill does: set the value and fire input/change, with no focus, pointer or key event.
  await page.getByLabel('Message', { exact: true }).evaluate((element, value) => {
    const field = element as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }, text);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(text);
  expect(seen.errors).toEqual([]);
});

test('an App Store badge clicked before its code arrives still opens the iOS beta steps', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/roamly');
  await page.waitForLoadState('networkidle');
  expect(seen.scripts.filter((path) => /ios-beta|dialog|download/.test(path))).toEqual([]);

  const chunk = await holdChunk(page, /\/assets\/ios-beta-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Download on the App Store' }).click();
  await chunk.requested;
  chunk.release();
  await expect(page.getByRole('dialog', { name: 'Install the iOS beta' })).toBeVisible();
  expect(seen.errors).toEqual([]);
});

test('a public page reached by client-side navigation renders live, islands and all', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await page.getByRole('searchbox', { name: 'Search questions' }).fill('qwertyuiop');
  await expect(page.locator('#faq-status')).toHaveText('No matching questions found');
  await page.getByRole('link', { name: 'ask us directly' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  expect(seen.errors).toEqual([]);
});

test('what is typed or clicked before the app itself has loaded is kept: text stays, a button click is replayed', async ({
  page,
}) => {
  const seen = watch(page);
  const app = await holdChunk(page, /\/assets\/app-[\w-]+\.js$/);
  await page.goto('/issue', { waitUntil: 'domcontentloaded' });
  const message = page.getByLabel('Message', { exact: true });
  const text = 'Typed while the app was still on its way.';
  await message.fill(text);
  await page.locator('header').getByRole('button', { name: 'Get Started' }).click();
  await app.requested;
  app.release();
  await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeVisible();
  await expect(message).toHaveValue(text);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  expect(seen.errors).toEqual([]);
});
