/**
 * A promoter on a phone (390×844) writes a listing worth sharing:
 * description, category, ticket link and price in the editor, Save draft,
 * the card says "Draft" and the public page is not there (404); Publish, and
 * the page answers 200. The public page's contents are covered by its own specs.
 */
import { expect, test } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { card, serverEvents, uniqueTitle } from './support/dashboard.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a promoter saves a draft with the listing fields, then publishes it', async ({ page, request }) => {
  const title = uniqueTitle('Warehouse Sessions');
  await logInThroughPanel(page, demoAccounts.promoter);
  await page.goto('/dashboard/events');

  await page.getByRole('button', { name: 'New event' }).click();
  const editor = page.getByRole('dialog', { name: 'New event' });
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Description').fill('House and techno until late.');
  await editor.getByLabel('Category', { exact: true }).selectOption('music');
  await editor.getByLabel('Subcategory').selectOption('House');
  await editor.getByLabel('Start date').fill('2026-12-05');
  await editor.getByLabel('Start time').fill('22:00');
  // A plain http:// link is refused next to the field, in view, with no browser dialog.
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const ticket = editor.getByLabel('Ticket link');
  await ticket.fill('http://tickets.example.com/ws');
  await editor.getByLabel('Price').fill('12');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(ticket).toHaveAttribute('aria-invalid', 'true');
  await expect(ticket).toBeFocused();
  await expect(ticket).toBeInViewport();
  await expect(editor.getByText('Ticket link must be a full web address starting with https://.')).toBeVisible();
  await ticket.fill('https://tickets.example.com/ws');
  await expect(editor.getByRole('region', { name: 'Event preview' })).toContainText('£12');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor).toBeHidden();

  const draftCard = card(page, title);
  await expect(draftCard.getByText('Draft', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await serverEvents(request, demoAccounts.promoter)).find((e) => e.title === title)?.status)
    .toBe('draft');
  const saved = (await serverEvents(request, demoAccounts.promoter)).find((e) => e.title === title)!;
  expect(saved).toMatchObject({ ticket_url: 'https://tickets.example.com/ws', price: '12', event_type: 'music' });
  expect((await request.get(`/e/${saved.id}`)).status()).toBe(404);

  await draftCard.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByRole('button', { name: 'Publish' }).click();
  await expect(edit).toBeHidden();
  await expect(draftCard.getByText('Draft', { exact: true })).toBeHidden();
  await expect
    .poll(async () => (await serverEvents(request, demoAccounts.promoter)).find((e) => e.title === title)?.status)
    .toBe('published');
  const published = await request.get(`/e/${saved.id}`);
  expect(published.status()).toBe(200);
  expect(dialogs).toBe(0);
});
