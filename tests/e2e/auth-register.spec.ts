import { expect, test, type Page } from '@playwright/test';
import { codeCount, latestCode, uniqueEmail } from './support/auth.ts';
import { axeViolations } from './support/axe.ts';

async function register(page: Page, email: string, accountType: 'Business' | 'Promoter' = 'Business') {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full name').fill('Ada Venue');
  await page.getByLabel('Display name').pressSequentially('ada venue');
  await expect(page.getByLabel('Display name')).toHaveValue('adavenue');
  await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByRole('radio', { name: accountType }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(`/verify?email=${encodeURIComponent(email)}`);
  await expect(page.getByText('We sent a 4-digit code to your email. Check your inbox (and spam).')).toBeVisible();
}

test('register → mailbox code → verify → dashboard, signed in', async ({ page, request }) => {
  const email = uniqueEmail('owner');
  await register(page, email);
  const code = await latestCode(request, email);
  expect(code).toMatch(/^\d{4}$/);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
  // A business account sees its business tab (Add Business until it has a listing).
  const tabs = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(tabs.locator('a[href^="/dashboard/add-business"], a[href^="/dashboard/business/"]')).toHaveCount(1);
  // The tokens were stored: a reload keeps the user signed in.
  await page.reload();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.locator('header').getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a wrong code shows the error on the code field; a promoter account then verifies with the right one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('promoter');
  await register(page, email, 'Promoter');
  const code = await latestCode(request, email);
  const wrong = code === '0000' ? '1111' : '0000';
  const field = page.getByLabel('Verification code');
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(page.getByText('Invalid code or email.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify\?/);

  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
  const tabs = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(tabs.getByRole('link', { name: 'Events' })).toBeVisible();
  await expect(tabs.locator('a[href^="/dashboard/add-business"], a[href^="/dashboard/business/"]')).toHaveCount(0);
});

test('Resend code mails a new code and says so; a second resend at once is refused in words', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('resend');
  await register(page, email);
  expect(await codeCount(request, email)).toBe(1);
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByRole('status')).toHaveText('Verification code resent. Please check your inbox.');
  expect(await codeCount(request, email)).toBe(2);

  // The server's 30-second resend cooldown answers with a detail the page shows.
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('status')).toHaveText('');
  expect(await codeCount(request, email)).toBe(2);

  await page.getByLabel('Verification code').fill(await latestCode(request, email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('registering an email twice shows the server detail', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('radio', { name: 'Business' }).check();
  await page.getByLabel('Email').fill('business@example.com');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Display name').fill('someone');
  await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toContainText(/already exists/i);
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page).toHaveURL('/register');
});

for (const path of ['/register', '/verify?email=someone%40example.com', '/no-access']) {
  test(`${path} has no axe violations, also while showing an error`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const violations = () => axeViolations(page);
    expect(await violations()).toEqual([]);
    if (path.startsWith('/register')) {
      await page.getByLabel('Display name').fill('bad name!');
      await expect(page.getByText('Display name can only use letters, numbers, "." and "_".')).toBeVisible();
      expect(await violations()).toEqual([]);
    }
    if (path.startsWith('/verify')) {
      await page.getByLabel('Verification code').fill('0000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
      expect(await violations()).toEqual([]);
    }
  });
}
