/**
 * A promoter on a phone cancels a published event from its editor (contract §11):
 * the note and Cancel event, the card says "Cancelled", and the public page — the
 * link already shared — opens with the word and the note; Back on as planned
 * publishes it again.
 */
import { expect, test } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { card, createEventViaApi, serverEvents, uniqueTitle } from './support/dashboard.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a cancelled event says so on its card and its shared page, and can be put back on', async ({ page, request }) => {
  const title = uniqueTitle('Canal Boat Social');
  const id = await createEventViaApi(request, demoAccounts.promoter, title);
  await logInThroughPanel(page, demoAccounts.promoter);
  await page.goto('/dashboard/events');

  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit event' });
  await editor.getByLabel('Note for guests').fill('The canal is closed for repairs. Refunds are on their way.');
  await editor.getByRole('button', { name: 'Cancel event' }).click();
  await expect(editor).toBeHidden();
  await expect(card(page, title).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await serverEvents(request, demoAccounts.promoter)).find((e) => e.id === id)?.status)
    .toBe('cancelled');

  const shared = await page.context().newPage();
  await shared.goto(`/e/${id}`);
  const notice = shared.getByRole('status').filter({ hasText: 'Cancelled' });
  await expect(notice).toContainText('The canal is closed for repairs.');
  await expect(notice).toBeInViewport();

  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  await editor.getByRole('button', { name: 'Back on as planned' }).click();
  await expect(editor).toBeHidden();
  await expect(card(page, title).getByText('Cancelled', { exact: true })).toBeHidden();
  await expect
    .poll(async () => (await serverEvents(request, demoAccounts.promoter)).find((e) => e.id === id)?.status)
    .toBe('published');
});
