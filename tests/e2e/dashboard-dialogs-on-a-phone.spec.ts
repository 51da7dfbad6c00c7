/**
 * The dashboard's form dialogs on a phone (390×844, touch): centred, with
 * equal margins; the editor starts at Title; and as focus walks through every
 * field, none is hidden under the Cancel / Save bar or the heading.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccounts, demoPassword, latestCode, logInThroughPanel } from './support/auth.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function sideMargins(page: Page, dialog: Locator) {
  const box = await dialog.boundingBox();
  if (!box) throw new Error('the dialog has no box');
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  return { left: box.x, right: width - (box.x + box.width) };
}

/** Where the focused control is against the dialog's head and footer, in CSS pixels. */
function focusedPlace(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    const focused = document.activeElement;
    if (!dialog || !(focused instanceof HTMLElement) || !dialog.contains(focused)) return null;
    const head = dialog.querySelector('.form-modal__head')!.getBoundingClientRect();
    const foot = dialog.querySelector('.form-modal__footer')!.getBoundingClientRect();
    const box = focused.getBoundingClientRect();
    const inBar = !!focused.closest('.form-modal__head, .form-modal__end');
    return {
      name: focused.getAttribute('aria-label') ?? focused.id,
      inBar,
      top: box.top,
      bottom: box.bottom,
      head: head.bottom,
      foot: foot.top,
    };
  });
}

test('the event editor and the Duplicate dialog are centred; Title has focus; no focused field hides under the footer', async ({
  page,
}) => {
  await logInThroughPanel(page, demoAccounts.business);
  await page.goto('/dashboard/events');
  await page.getByRole('button', { name: 'New event' }).click();
  const editor = page.getByRole('dialog', { name: 'New event' });
  await expect(editor.getByLabel('Title')).toBeFocused();
  const margins = await sideMargins(page, editor);
  expect(Math.abs(margins.left - margins.right)).toBeLessThanOrEqual(2);
  expect(margins.left).toBeGreaterThanOrEqual(0);

  // Forward through the whole form: each field in the scrolling body is fully between the bars.
  const seen = new Set<string>();
  for (let step = 0; step < 40; step++) {
    const place = await focusedPlace(page);
    if (!place) break;
    if (!place.inBar) {
      seen.add(place.name);
      expect(place.top, `${place.name} under the heading`).toBeGreaterThanOrEqual(place.head - 1);
      expect(place.bottom, `${place.name} under the footer`).toBeLessThanOrEqual(place.foot + 1);
    }
    await page.keyboard.press('Tab');
  }
  // Title, Location, the weekly box, four date and time fields, Sponsored, the cover picker at least.
  expect(seen.size).toBeGreaterThanOrEqual(8);
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  await page.getByRole('article').getByRole('button', { name: 'Duplicate' }).first().click();
  const duplicate = page.getByRole('dialog', { name: 'Duplicate event' });
  await expect(duplicate.getByLabel('Copy 1 date')).toBeFocused();
  const duplicateMargins = await sideMargins(page, duplicate);
  expect(Math.abs(duplicateMargins.left - duplicateMargins.right)).toBeLessThanOrEqual(2);
});

test('a long email address with nowhere to break does not widen the profile page past the screen', async ({
  page,
  request,
}) => {
  const email = `alexandramontgomery${Date.now()}@example.com`;
  expect(
    (
      await request.post('/api/auth/register/', {
        data: {
          email,
          full_name: 'Alexandra M',
          display_name: `am_${Date.now()}`,
          password: demoPassword,
          user_type: 'business',
        },
      })
    ).status(),
  ).toBe(201);
  await request.post('/api/auth/verify-email/', { data: { email, code: await latestCode(request, email) } });
  await logInThroughPanel(page, email);
  await page.goto('/dashboard/profile');
  await expect(page.getByText(email)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a stray tap beside the event editor (the thin backdrop strip on a phone) keeps it open', async ({ page }) => {
  await logInThroughPanel(page, demoAccounts.business);
  await page.goto('/dashboard/events');
  await page.getByRole('button', { name: 'New event' }).click();
  const editor = page.getByRole('dialog', { name: 'New event' });
  await editor.getByLabel('Title').fill('Half-typed');
  const box = (await editor.boundingBox())!;
  expect(box.x).toBeGreaterThan(2);
  // On its own edge, and just outside it, left and right: the form stays, with what was typed.
  for (const x of [box.x + 3, box.x / 2, box.x + box.width - 3, box.x + box.width + box.x / 2]) {
    await page.touchscreen.tap(x, box.y + box.height / 2);
    await expect(editor).toBeVisible();
  }
  await expect(editor.getByLabel('Title')).toHaveValue('Half-typed');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
});
