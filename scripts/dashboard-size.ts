/**
 * `npx tsx scripts/dashboard-size.ts`: what a signed-in promoter's first load of
 * each dashboard screen costs, with a cold HTTP cache and no service worker
 * (scripts/support/signed-in-first-load.ts). Signs in once through the Log in
 * panel. Exits non-zero when the Events screen is over its budget
 * (tests/e2e/first-loads-stay-within-budget.spec.ts checks the same in CI).
 *
 * Build first (ROAMLY_DIST selects the folder, default dist/).
 */
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/e2e/support/browser.ts';
import { startServer } from '../tests/e2e/support/server-process.ts';
import { distDir } from './size-server.ts';
import { DASHBOARD_JS_BUDGET, measureSignedInScreen } from './support/signed-in-first-load.ts';

const screens: { path: string; ready: (page: Page) => Promise<unknown>; budget?: number }[] = [
  {
    path: '/dashboard/events',
    ready: (page) => page.getByRole('heading', { name: 'Events', level: 1 }).waitFor(),
    budget: DASHBOARD_JS_BUDGET,
  },
  { path: '/dashboard/profile', ready: (page) => page.getByLabel('Bio').waitFor() },
  { path: '/dashboard/outbox', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
];

const dist = distDir();
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const server = await startServer({}, 90_000);
const browser = await chromium.launch(chromiumLaunchOptions);
let failures = 0;
try {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  const login = await context.newPage();
  await login.goto(`${server.baseURL}/login`);
  const panel = login.getByRole('dialog', { name: 'Site menu' });
  await panel.getByLabel('Email').fill('promoter@example.com');
  await panel.getByLabel('Password').fill('demo-password-1');
  await panel.getByRole('button', { name: 'Log in' }).click();
  await login.locator('header').getByRole('button', { name: 'Logout' }).waitFor();
  await login.close();

  console.log('Signed-in first load per dashboard screen (cold cache, no service worker, gzip -9)\n');
  for (const screen of screens) {
    const load = await measureSignedInScreen(context, server.baseURL + screen.path, screen.ready, dist);
    const over = screen.budget !== undefined && load.jsBytes > screen.budget;
    if (over) failures++;
    const budget = screen.budget ? ` (budget ${kib(screen.budget)})` : '';
    console.log(
      `${screen.path.padEnd(20)} ${kib(load.jsBytes)} in ${load.files.length} files${budget}${over ? '  ← OVER BUDGET' : ''}`,
    );
    for (const { file, bytes } of load.files)
      console.log(`    ${kib(bytes).padStart(9)}  ${file.replace('/assets/', '')}`);
    if (load.idleFiles.length) {
      console.log(`  then, prefetched once idle (not in the first load): ${kib(load.idleBytes)}`);
      for (const { file, bytes } of load.idleFiles)
        console.log(`    ${kib(bytes).padStart(9)}  ${file.replace('/assets/', '')}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(failures ? `\n${failures} screen(s) over budget` : '\nevery budgeted screen is within budget');
process.exit(failures ? 1 : 0);
