import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`dashboard screens have no axe violations at ${viewport.width}×${viewport.height}`, async ({ page }, info) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await logInThroughPanel(page, demoAccounts.business);
    const shoot = (name: string) =>
      page.screenshot({ path: info.outputPath(`${name}-${viewport.width}.png`), fullPage: true });

    await page.goto('/dashboard');
    await expect(page.getByLabel('Display name')).not.toHaveValue('');
    await expectNoViolations(page, 'profile');
    await shoot('profile');

    await page.goto('/dashboard/events');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoViolations(page, 'events');
    await shoot('events');

    await page.getByRole('button', { name: 'New event' }).click();
    const editor = page.getByRole('dialog', { name: 'New event' });
    await editor.getByRole('combobox', { name: 'Location' }).fill('London');
    await expect(editor.getByRole('option').first()).toBeVisible();
    await expectNoViolations(page, 'event editor with suggestions');
    await shoot('event-editor');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();

    const tabs = page.getByRole('navigation', { name: 'Dashboard' });
    await tabs.getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/dashboard\/business\/\d+$/);
    await expect(page.getByLabel('Title')).not.toHaveValue('');
    await expectNoViolations(page, 'business');
    await shoot('business');
  });
}
