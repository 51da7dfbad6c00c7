/**
 * axe-core (WCAG 2.2 AA rules) on every public route and every dashboard
 * screen and dialog, on a phone and on a desktop, online and then offline
 * (the service worker's copies, reached through the cut TCP proxy). One page
 * per screen and one sign-in per test keep the run short. The public routes
 * get the best-practice rules too (tests/e2e/public-pages.spec.ts checks their
 * landmarks and hydration without scanning them again).
 */
import type { Page } from '@playwright/test';
import { demoAccounts, demoPassword, latestCode, logInThroughPanel, uniqueEmail } from './support/auth.ts';
import { axeViolations } from './support/axe.ts';
import { expect, goOffline, test } from './support/offline.ts';
import { publicRoutes } from './support/public-routes.ts';
import { lookAt } from './support/screenshots.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The public routes also get axe's best practices (landmarks, one h1, regions). */
const WCAG_22_AA_AND_BEST_PRACTICES = [...WCAG_22_AA, 'best-practice'];

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The client-rendered public screens, beside the prerendered routes. */
const accountRoutes = [
  { path: '/register', heading: /Create your account/ },
  { path: '/verify?email=someone%40example.com', heading: /Verify your email/ },
  { path: '/reset-password', heading: /Reset your password/ },
];

async function expectNoViolations(page: Page, what: string, tags = WCAG_22_AA) {
  expect(await axeViolations(page, { tags }, what)).toEqual([]);
}

async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

for (const viewport of viewports) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public routes, the side panel and the iOS beta modal have no axe violations, online and offline', async ({
      page,
      context,
      tcpProxy: proxy,
    }) => {
      test.setTimeout(150_000);
      const base = proxy.baseURL;
      // Axe's verdict depends on the DOM, its styles and the viewport only: a page that
      // reads offline exactly as it did online (the precached prerendered HTML, same
      // hashed stylesheets) was scanned already. Anything that differs is scanned again.
      const scannedOnline = new Map<string, string>();
      const scan = async (mode: 'online' | 'offline') => {
        for (const { path, heading } of [...publicRoutes, ...accountRoutes]) {
          await page.goto(base + path);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          await expect(page).toHaveTitle(/\S/);
          const dom = await page.evaluate(() => document.documentElement.outerHTML);
          if (mode === 'offline' && scannedOnline.get(path) === dom) continue;
          if (mode === 'online') scannedOnline.set(path, dom);
          await expectNoViolations(page, `${mode} ${path}`, WCAG_22_AA_AND_BEST_PRACTICES);
        }
      };
      await page.goto(`${base}/`);
      await workerReady(page);
      await scan('online');

      await page.goto(`${base}/login`);
      const panel = page.getByRole('dialog', { name: 'Site menu' });
      await expect(panel.getByLabel('Email')).toBeVisible();
      // /login redirects in the page to /?login=1, whose title the app sets once it is live.
      await expect(page).toHaveTitle(/\S/);
      await expectNoViolations(page, 'side panel, Log in tab');
      await panel.getByRole('tab', { name: 'Menu' }).click();
      await panel.getByRole('button', { name: 'Legal Policies' }).click();
      await expect(panel.getByRole('link', { name: 'Child Safety' })).toBeVisible();
      await expectNoViolations(page, 'side panel, Menu tab');

      await page.goto(`${base}/roamly`);
      await page.getByRole('button', { name: 'Download on the App Store' }).click();
      await expect(page.getByRole('dialog', { name: 'Install the iOS beta' })).toBeVisible();
      await expectNoViolations(page, 'iOS beta modal');

      await goOffline(context, proxy);
      await scan('offline');
    });

    test('dashboard screens and dialogs have no axe violations, online and offline', async ({
      page,
      context,
      tcpProxy: proxy,
    }) => {
      test.setTimeout(150_000);
      const base = proxy.baseURL;
      const shoot = (name: string) => lookAt(page, `${name}-${viewport.width}`);
      await logInThroughPanel(page, demoAccounts.business, undefined, base);

      const screens = async (mode: string) => {
        await page.goto(`${base}/dashboard`);
        await expect(page.getByLabel('Display name')).not.toHaveValue('');
        await expect(page).toHaveTitle('Profile · Roamly dashboard');
        await expectNoViolations(page, `${mode} profile`);
        await shoot(`${mode}-profile`);

        await page.goto(`${base}/dashboard/events`);
        await expect(page.getByRole('article').first()).toBeVisible();
        await expect(page).toHaveTitle('Events · Roamly dashboard');
        await expectNoViolations(page, `${mode} events`);
        await shoot(`${mode}-events`);

        await page.getByRole('button', { name: 'New event' }).click();
        const editor = page.getByRole('dialog', { name: 'New event' });
        await expect(editor.getByLabel('Title')).toBeFocused();
        await expectNoViolations(page, `${mode} event editor`);
        await shoot(`${mode}-event-editor`);
        await page.keyboard.press('Escape');
        await expect(editor).toBeHidden();

        await page.getByRole('article').getByRole('button', { name: 'Duplicate' }).first().click();
        const duplicate = page.getByRole('dialog', { name: 'Duplicate event' });
        await expect(duplicate).toBeVisible();
        await expectNoViolations(page, `${mode} duplicate dialog`);
        await shoot(`${mode}-duplicate`);
        await page.keyboard.press('Escape');
        await expect(duplicate).toBeHidden();

        const tabs = page.getByRole('navigation', { name: 'Dashboard' });
        await tabs.getByRole('link').nth(1).click();
        await expect(page).toHaveURL(/\/dashboard\/business\/\d+$/);
        await expect(page.getByLabel('Title')).not.toHaveValue('');
        await expectNoViolations(page, `${mode} business`);
        await shoot(`${mode}-business`);

        await page.goto(`${base}/dashboard/outbox`);
        await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
        await expect(page).toHaveTitle('Outbox · Roamly dashboard');
        await expectNoViolations(page, `${mode} outbox`);
        await shoot(`${mode}-outbox`);
      };

      await page.goto(`${base}/dashboard/events`);
      await page.getByRole('button', { name: 'New event' }).click();
      // The places suggestions are an online widget: scanned once, open.
      const editor = page.getByRole('dialog', { name: 'New event' });
      await editor.getByRole('combobox', { name: 'Location' }).fill('London');
      await expect(editor.getByRole('listbox').getByRole('option').first()).toBeVisible();
      await expectNoViolations(page, 'event editor with suggestions');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(editor).toBeHidden();

      await page.getByRole('article').getByRole('link', { name: 'QR poster' }).first().click();
      await expect(page).toHaveURL(/\/dashboard\/poster\/\d+$/);
      await expect(page.getByRole('button', { name: 'Print poster' })).toBeVisible();
      await expectNoViolations(page, 'poster');
      await shoot('online-poster');

      await screens('online');
      await workerReady(page);
      await goOffline(context, proxy);
      await screens('offline');
    });

    test('a new promoter’s first run and the account forms’ error states have no axe violations', async ({
      page,
      request,
    }) => {
      const shoot = (name: string) => lookAt(page, `${name}-${viewport.width}`);
      const email = uniqueEmail('first-run');
      const registered = await request.post('/api/auth/register/', {
        data: {
          email,
          full_name: 'New Promoter',
          display_name: `promo_${Math.random().toString(36).slice(2, 9)}`,
          password: demoPassword,
          user_type: 'subpromoter',
        },
      });
      expect(registered.status()).toBe(201);
      const code = await latestCode(request, email);
      expect((await request.post('/api/auth/verify-email/', { data: { email, code } })).ok()).toBe(true);

      await page.goto('/register');
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText(/Choose Business or Promoter/)).toBeVisible();
      await expectNoViolations(page, 'register without an account type');
      await shoot('register-error');

      await page.goto('/reset-password');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, 'reset password with nothing filled');
      await shoot('reset-password-error');

      await logInThroughPanel(page, email);
      await page.goto('/dashboard');
      await expect(page.getByRole('link', { name: 'Create your first event' })).toBeVisible();
      await expectNoViolations(page, 'first-run profile');
      await shoot('first-run-profile');
      await page.goto('/dashboard/events');
      await expect(page.getByRole('heading', { name: 'No events yet' })).toBeVisible();
      await expectNoViolations(page, 'empty events');
      await shoot('first-run-events');
      await page.goto('/dashboard/profile');
      await page.getByLabel('Current password').fill('not-my-password');
      await page.getByLabel('New password').fill('another-password-2');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, 'change password refused');
    });
  });
}
