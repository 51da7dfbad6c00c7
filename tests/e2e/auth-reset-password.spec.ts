import { expect, test, type APIRequestContext } from '@playwright/test';
import { latestCode, uniqueEmail } from './support/auth.ts';
import { axeViolations } from './support/axe.ts';

/** A verified business account made through the API (register → mailbox → verify). */
async function account(request: APIRequestContext, password: string): Promise<string> {
  const email = uniqueEmail('reset');
  const registered = await request.post('/api/auth/register/', {
    data: { email, password, display_name: 'resetter', full_name: 'Reset Tester', user_type: 'business' },
  });
  expect(registered.status()).toBe(201);
  const verified = await request.post('/api/auth/verify-email/', {
    data: { email, code: await latestCode(request, email) },
  });
  expect(verified.status()).toBe(200);
  return email;
}

const loginStatus = async (request: APIRequestContext, email: string, password: string) =>
  (await request.post('/api/auth/login/', { data: { email, password } })).status();

test('Forgot password? → mailed code → new password → signed in on the dashboard; the old password is refused', async ({
  page,
  request,
}) => {
  const email = await account(request, 'the-old-password-1');
  await page.goto('/login');
  const panel = page.getByRole('dialog', { name: 'Site menu' });
  await panel.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/reset-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toContainText('4-digit code');
  const code = await latestCode(request, email);
  expect(code).toMatch(/^\d{4}$/);

  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Code').fill(code);
  await page.getByLabel('New password').fill('the-new-password-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByText(/^Password changed/)).toBeInViewport();

  expect(await loginStatus(request, email, 'the-old-password-1')).toBe(401);
  expect(await loginStatus(request, email, 'the-new-password-2')).toBe(200);
});

test('a wrong code is refused in words and keeps the user on the page', async ({ page, request }) => {
  const email = await account(request, 'the-old-password-1');
  await page.goto(`/reset-password?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toContainText('4-digit code');
  const code = await latestCode(request, email);
  await page.getByLabel('Code').fill(code === '0000' ? '1111' : '0000');
  await page.getByLabel('New password').fill('the-new-password-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code or email.');
  await expect(page.getByLabel('Code')).toBeFocused();
  await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/reset-password/);
  expect(await loginStatus(request, email, 'the-old-password-1')).toBe(200);
});

test('Change password on the Profile screen keeps this session and changes the sign-in password', async ({
  page,
  request,
}) => {
  const email = await account(request, 'the-old-password-1');
  await page.goto('/login');
  const panel = page.getByRole('dialog', { name: 'Site menu' });
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill('the-old-password-1');
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(panel).toBeHidden();
  await page.goto('/dashboard/profile');

  await page.getByLabel('Current password').fill('the-old-password-1');
  await page.getByLabel('New password').fill('the-new-password-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'password has been changed' })).toBeVisible();
  await page.reload();
  await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await loginStatus(request, email, 'the-old-password-1')).toBe(401);
  expect(await loginStatus(request, email, 'the-new-password-3')).toBe(200);
});
