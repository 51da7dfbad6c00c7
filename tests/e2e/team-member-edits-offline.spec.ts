/**
 * A team member's offline edits (contract §12): the owner invites from the Team
 * tab, the invitee registers, verifies and accepts from the mailed link, chooses
 * the owner's account in the Account switcher, edits the owner's event with the
 * connection cut (page and worker), and the edit lands on the owner's event under
 * the member's name once it is back. Removed from the team while an edit waits,
 * the member sees it need attention with the server's reason; nothing is applied.
 */
import type { APIRequestContext } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { demoPassword, latestCode, logInThroughPanel, uniqueEmail } from './support/auth.ts';
import { card, createEventViaApi, freshBusinessAccount, uniqueTitle } from './support/dashboard.ts';
import { expect, goOffline, goOnline, test } from './support/offline.ts';

test.use({ viewport: { width: 390, height: 844 } });

async function accessOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth/login/', { data: { email, password: demoPassword } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { access: string }).access;
}

async function eventAsOwner(request: APIRequestContext, ownerEmail: string, id: number) {
  const response = await request.get(`/api/events/${id}/`, {
    headers: { Authorization: `Bearer ${await accessOf(request, ownerEmail)}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { title: string; updated_by: number | null };
}

test("a member's offline edit lands on the owner's event under their name; removed meanwhile, it needs attention", async ({
  browser,
  page,
  context,
  request,
  tcpProxy: proxy,
}) => {
  test.setTimeout(150_000);
  const ownerEmail = await freshBusinessAccount(request);
  const title = uniqueTitle('Harbour night');
  const eventId = await createEventViaApi(request, ownerEmail, title);
  const memberEmail = uniqueEmail('editor');

  // The owner invites from the Team tab (a context of its own, straight to the server).
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await logInThroughPanel(ownerPage, ownerEmail);
  await ownerPage.goto('/dashboard/team');
  const inviteForm = ownerPage.getByRole('form', { name: 'Invite someone' });
  await inviteForm.getByLabel('Email').fill(memberEmail);
  await inviteForm.getByLabel('Role').selectOption('Editor');
  await inviteForm.getByRole('button', { name: 'Invite' }).click();
  await expect(inviteForm.getByRole('status')).toContainText(`Invitation sent to ${memberEmail}`);

  // The invitation mail, from the dev mailbox.
  const mailbox = await request.get(`/api/dev/mailbox?email=${encodeURIComponent(memberEmail)}`);
  const { messages } = (await mailbox.json()) as { messages: { text: string }[] };
  const link = /\/team\/accept\?token=[A-Za-z0-9_-]+/.exec(messages.map((m) => m.text).join('\n'))?.[0];
  expect(link).toBeTruthy();

  // The invitee registers (a promoter), verifies, signs in and accepts.
  const registered = await request.post('/api/auth/register/', {
    data: {
      email: memberEmail,
      full_name: 'Eddie Editor',
      display_name: `eddie_${Math.random().toString(36).slice(2, 8)}`,
      password: demoPassword,
      user_type: 'subpromoter',
    },
  });
  expect(registered.status()).toBe(201);
  const verified = await request.post('/api/auth/verify-email/', {
    data: { email: memberEmail, code: await latestCode(request, memberEmail) },
  });
  expect(verified.ok()).toBe(true);
  const memberId = (
    (await (
      await request.get('/api/auth/profile/', {
        headers: { Authorization: `Bearer ${((await verified.json()) as { access: string }).access}` },
      })
    ).json()) as { id: number }
  ).id;

  await logInThroughPanel(page, memberEmail, demoPassword, proxy.baseURL);
  await page.goto(`${proxy.baseURL}${link}`);
  await expect(page.getByText(/You can now act for .* as editor\./)).toBeVisible();

  // The Account switcher: Your account, and the owner's account as Editor.
  await page.goto(`${proxy.baseURL}/dashboard/events`);
  const account = page.getByRole('combobox', { name: 'Account' });
  await expect(account.getByRole('option')).toHaveText(['Your account', /\(Editor\)$/]);
  await account.selectOption({ index: 1 });
  await expect(card(page, title)).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(tabs.getByRole('link')).toHaveText(['Events']);
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // Offline (page and worker): the edit waits on this device.
  await goOffline(context, proxy);
  const renamed = `${title} moved`;
  await card(page, title).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card(page, renamed)).toContainText('Pending sync');

  await goOnline(context, proxy);
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => eventAsOwner(request, ownerEmail, eventId))
    .toMatchObject({
      title: renamed,
      updated_by: memberId,
    });

  // Removed while an edit waits: the server's refusal shows on it; the owner's event is untouched.
  await goOffline(context, proxy);
  await card(page, renamed).getByRole('button', { name: 'Edit' }).click();
  await edit.getByLabel('Title').fill(`${title} taken over`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const removed = await request.delete(`/api/team/members/${memberId}/`, {
    headers: { Authorization: `Bearer ${await accessOf(request, ownerEmail)}` },
  });
  expect(removed.status()).toBe(204);
  await goOnline(context, proxy);
  await expect(page.getByRole('link', { name: /needs attention/i })).toBeVisible({ timeout: 30_000 });
  await page.goto(`${proxy.baseURL}/dashboard/outbox`);
  await expect(page.getByText('You are not a member of that account.')).toBeVisible();
  expect(await eventAsOwner(request, ownerEmail, eventId)).toMatchObject({ title: renamed, updated_by: memberId });
  // Off the team, the switcher offers nothing more: the member is back on their own account.
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveCount(0);

  await ownerContext.close();
});
