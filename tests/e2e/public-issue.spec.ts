import { expect, test, type Page } from '@playwright/test';

const tooShort = 'Please describe the issue with at least 10 characters.';

async function openForm(page: Page) {
  await page.goto('/issue');
  await page.waitForLoadState('networkidle');
  return {
    email: page.getByLabel('Email', { exact: true }),
    message: page.getByLabel('Message', { exact: true }),
    submit: page.getByRole('button', { name: 'Submit' }),
  };
}

test('Submit stays disabled until the trimmed message has 10 characters', async ({ page }) => {
  const form = await openForm(page);
  await expect(form.submit).toBeDisabled();
  await expect(page.getByText(tooShort)).toBeVisible();
  await form.message.fill('   short    ');
  await expect(form.submit).toBeDisabled();
  await expect(page.getByText(tooShort)).toBeVisible();
  await form.message.fill('  123456789  ');
  await expect(form.submit).toBeDisabled();
  await form.message.fill('  1234567890  ');
  await expect(form.submit).toBeEnabled();
  await expect(page.getByText(tooShort)).toHaveCount(0);
});

test('a report reaches support, shows thanks and clears the fields', async ({ page, request }) => {
  const form = await openForm(page);
  const text = `The map does not load on my phone ${Date.now()}`;
  await form.email.fill('reporter@example.com');
  await form.message.fill(text);
  const sent = page.waitForRequest('**/api/auth/report-issue/');
  await form.submit.click();
  const call = await sent;
  expect(call.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(call.postDataJSON()).toEqual({ email: 'reporter@example.com', message: text });
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible();
  await expect(form.email).toHaveValue('');
  await expect(form.message).toHaveValue('');
  const mailbox = await (await request.get('/api/dev/mailbox?email=support@example.com')).json();
  expect(JSON.stringify(mailbox)).toContain(text);
});

test('a server refusal shows its detail, or the generic sentence without one', async ({ page }) => {
  const form = await openForm(page);
  await page.route('**/api/auth/report-issue/', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'Too many reports.' }),
    }),
  );
  await form.message.fill('Something is broken here');
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText('Too many reports.');
  await expect(form.message).toHaveValue('Something is broken here');

  await page.unroute('**/api/auth/report-issue/');
  await page.route('**/api/auth/report-issue/', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
  // A server fault may pass: the report is kept and retried, not lost.
  await expect(page.getByText(/saved on this device/)).toBeVisible();
});

test('offline, the form says plainly that the report is saved and will be sent when back online', async ({
  page,
  context,
  request,
}) => {
  // After one visit the worker serves the app's code, including the outbox, offline.
  await openForm(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const form = await openForm(page);
  const text = `The app crashes when I save ${Date.now()}`;
  await form.message.fill(text);
  await context.setOffline(true);
  await form.submit.click();
  await expect(page.getByText(/You are offline\. Your report is saved on this device/)).toBeVisible();
  await expect(page.getByText(/try again/)).toHaveCount(0);
  await expect(form.message).toHaveValue('');
  await context.setOffline(false);
  // Back online, the outbox sends it: support receives it once.
  await expect
    .poll(
      async () => {
        const mailbox = await (await request.get('/api/dev/mailbox?email=support@example.com')).text();
        return mailbox.split(text).length - 1;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
});

test('a dropped connection while online shows the network sentence and keeps the report to send by itself', async ({
  page,
}) => {
  const form = await openForm(page);
  await page.route('**/api/auth/report-issue/', (route) => route.abort('internetdisconnected'));
  await form.message.fill('Pictures never finish loading');
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Unable to submit right now. Please check your connection and try again.',
  );
  await expect(page.getByText(/saved on this device and will be sent automatically/)).toBeVisible();
  await expect(form.message).toHaveValue('');
});
