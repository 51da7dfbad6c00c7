/**
 * The first loads people wait for stay within their budgets, measured from what
 * the page fetched (never by chunk names): a public page's first visit (JS ≤
 * 100 KiB gzip, no dashboard code) and a signed-in promoter's Events screen
 * with a cold cache (scripts/support/signed-in-first-load.ts), the editor and its dialogs
 * left to the idle prefetch after the list is shown. The same figures,
 * per file, come from `npx tsx scripts/size.ts` and `scripts/dashboard-size.ts`.
 */
import { expect, test } from '@playwright/test';
import { distDir } from '../../scripts/size-server.ts';
import { JS_BUDGET, measureFirstVisit } from '../../scripts/support/first-visit.ts';
import { DASHBOARD_JS_BUDGET, measureSignedInScreen } from '../../scripts/support/signed-in-first-load.ts';
import { logInThroughPanel } from './support/auth.ts';

const dist = distDir();

test('a first visit to the landing page loads at most 100 KiB of JavaScript and no dashboard code', async ({
  browser,
  baseURL,
}) => {
  const visit = await measureFirstVisit(browser, `${baseURL}/`, dist);
  expect(visit.js.filter((file) => file.startsWith('/assets/dash-'))).toEqual([]);
  expect(visit.jsBytes).toBeLessThanOrEqual(JS_BUDGET);
});

test('a signed-in first load of the Events screen stays within its budget', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await logInThroughPanel(page, 'promoter@example.com');
    await page.close();
    const load = await measureSignedInScreen(
      context,
      `${baseURL}/dashboard/events`,
      (screen) => screen.getByRole('heading', { name: 'Events', level: 1 }).waitFor(),
      dist,
    );
    const listing = load.files.map(({ file, bytes }) => `${file} ${bytes} B`).join('\n');
    expect(load.jsBytes, listing).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET);
    // The editor and its dialogs are not in the first load: they come once the list is shown and
    // the page is idle, so opening them does not wait for the network.
    const dialogs = /event-editor|duplicate-dialog|insights-dialog/;
    expect(load.files.filter(({ file }) => dialogs.test(file))).toEqual([]);
    expect(load.idleFiles.filter(({ file }) => dialogs.test(file))).toHaveLength(3);
  } finally {
    await context.close();
  }
});
