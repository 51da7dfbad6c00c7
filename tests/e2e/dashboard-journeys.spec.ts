import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { card, choosePlace, freshBusinessAccount, serverEvents, uniqueTitle } from './support/dashboard.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a business edits the profile: spaces are stripped and the bio is saved', async ({ page }) => {
  await logInThroughPanel(page, demoAccounts.business);
  await page.goto('/dashboard');
  const name = page.getByLabel('Display name');
  const original = await name.inputValue();
  await name.fill('');
  await name.pressSequentially('harbour lights');
  await expect(name).toHaveValue('harbourlights');
  await name.fill(original);
  const bio = `Canal-side coffee ${Date.now()}`;
  await page.getByLabel('Bio').fill(bio);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved ✓')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Bio')).toHaveValue(bio);
});

test('a business creates, edits, duplicates and deletes an event', async ({ page, request }) => {
  const title = uniqueTitle('Quiz night');
  await logInThroughPanel(page, demoAccounts.business);
  await page.goto('/dashboard/events');

  await page.getByRole('button', { name: 'New event' }).click();
  const editor = page.getByRole('dialog', { name: 'New event' });
  await editor.getByLabel('Title').fill(title);
  await choosePlace(editor, 'Camden', 'Camden Town');
  await editor.getByLabel('Start date').fill('2026-09-04');
  await editor.getByLabel('Start time').fill('19:30');
  // A square picture: it is downscaled and cropped to the card's 16:9 before upload.
  const icon = await request.get('/icons/icon-512.png');
  await editor.getByLabel('Cover image').setInputFiles({
    name: 'flyer.png',
    mimeType: 'image/png',
    buffer: await icon.body(),
  });
  await expect(editor.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor).toBeHidden();
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, title)).toContainText('Camden Town');

  const created = (await serverEvents(request, demoAccounts.business)).find((event) => event.title === title);
  expect(created?.latitude).not.toBeNull();
  expect(created?.start_date).toBe('2026-09-04');
  expect(created).toMatchObject({ end_date: null, end_time: null });
  expect(created?.cover_image).toBeTruthy();
  const cover = await request.get(String(created?.cover_image));
  expect(cover.headers()['content-type']).toBe('image/webp');
  // Stored as the device prepared it: the 512 px icon, cropped to 16:9.
  const stored = await sharp(await cover.body()).metadata();
  expect([stored.width, stored.height]).toEqual([512, 288]);
  // The card draws it (through srcset, so its naturalWidth is density-scaled, not 512).
  const coverImage = card(page, title).locator('img');
  // Lazy: it loads once on screen. The card may be drawn again meanwhile (the list the
  // server answers replaces the one this device kept), so scroll and look again until it shows.
  await expect(async () => {
    await coverImage.scrollIntoViewIfNeeded({ timeout: 2000 });
    expect(await coverImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }).toPass();
  expect(await coverImage.getAttribute('srcset')).toContain('?w=480 480w');

  const renamed = `${title} (late)`;
  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByLabel('Sponsored').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card(page, renamed)).toContainText('Event');

  await card(page, renamed).getByRole('button', { name: 'Duplicate' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Duplicate event' });
  await duplicate.getByRole('button', { name: '+ Another date' }).click();
  await duplicate.getByLabel('Copy 2 date').fill('2026-09-25');
  await duplicate.getByRole('button', { name: 'Create 2 copies' }).click();
  await expect(duplicate).toBeHidden();
  await expect(card(page, renamed)).toHaveCount(3);
  // The copies are sent before one is deleted, so the cards are the server's and stay put.
  await expect
    .poll(async () => (await serverEvents(request, demoAccounts.business)).filter((e) => e.title === renamed).length)
    .toBe(3);
  await expect(page.getByText('Pending sync')).toHaveCount(0);

  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe('Delete this event?');
    await dialog.accept();
  });
  await card(page, renamed).first().getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, renamed)).toHaveCount(2);
  await expect
    .poll(async () => (await serverEvents(request, demoAccounts.business)).filter((e) => e.title === renamed).length)
    .toBe(2);
});

test('a new business creates and edits its listing with place, keywords and schedule', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = await freshBusinessAccount(request);
  const title = uniqueTitle('Night Owl Books');
  await logInThroughPanel(page, email);
  await page.goto('/dashboard');
  const tabs = page.getByRole('navigation', { name: 'Dashboard' });
  await tabs.getByRole('link', { name: 'Add Business' }).click();
  await expect(page).toHaveURL(/\/dashboard\/add-business$/);

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Bio', { exact: true }).fill('Second-hand books and late coffee.');
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Marketplace' });
  await page.getByRole('combobox', { name: 'Subcategory' }).selectOption({ label: 'Book Fair' });
  const keywords = page.getByLabel('Keywords');
  for (const word of ['Books', 'Coffee', 'a-very-long-keyword-indeed']) {
    await keywords.fill(word);
    await keywords.press('Enter');
  }
  await expect(page.getByRole('button', { name: 'Remove keyword books' })).toBeVisible();
  // Longer than 15 characters: silently ignored.
  await expect(page.getByRole('button', { name: /Remove keyword a-very-long/ })).toHaveCount(0);
  await choosePlace(page, 'Brighton', 'Brighton');
  await page.getByRole('checkbox', { name: 'Saturday' }).check();
  await page.getByLabel('Opening time').fill('10:00');
  await page.getByLabel('Closing time').fill('22:00');
  await page.getByRole('button', { name: 'Add hours to Sat' }).click();
  await page.getByRole('button', { name: 'Add hours to Sat' }).click();
  await page.getByRole('button', { name: 'Copy Sat to…' }).click();
  await page.getByRole('group', { name: 'Days to copy Sat to' }).getByLabel('Sun').check();
  await page.getByRole('button', { name: 'Copy hours' }).click();
  await expect(page.getByRole('region', { name: 'Listing preview' })).toContainText(title);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/dashboard\/business\/\d+$/);
  await expect(page.getByText('Saved ✓')).toBeVisible();
  await expect(tabs.getByRole('link', { name: title })).toBeVisible();
  let listing = (await serverEvents(request, email)).find((event) => event.is_recurring);
  expect(listing).toMatchObject({
    title,
    event_type: 'marketplace',
    event_subtype: 'Book Fair',
    keywords: ['books', 'coffee'],
    saturday: true,
    sunday: false,
    recurring_start_time: '10:00',
  });
  expect(listing?.schedule_blocks.saturday).toHaveLength(2);
  expect(listing?.schedule_blocks.sunday).toEqual(listing?.schedule_blocks.saturday);

  // Edit: one keyword fewer, Sunday closes. Add Business now leads to the listing (one per user).
  await page.getByRole('button', { name: 'Remove keyword coffee' }).click();
  await page.getByRole('button', { name: 'Remove Sun block 2' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved ✓')).toBeVisible();
  listing = (await serverEvents(request, email)).find((event) => event.is_recurring);
  expect(listing?.keywords).toEqual(['books']);
  expect(listing?.schedule_blocks.sunday).toHaveLength(1);
  await page.goto('/dashboard/add-business');
  await expect(page).toHaveURL(new RegExp(`/dashboard/business/${listing?.id}$`));
  expect((await serverEvents(request, email)).filter((event) => event.is_recurring)).toHaveLength(1);
});

test('a promoter sees Profile, Events and Team (an owner of its own account) but no business tab', async ({ page }) => {
  await logInThroughPanel(page, demoAccounts.promoter);
  await page.goto('/dashboard');
  const tabs = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(tabs.getByRole('link')).toHaveText(['Profile', 'Events', 'Team']);
  await page.goto('/dashboard/add-business');
  await expect(page).toHaveURL(/\/dashboard$/);
});
