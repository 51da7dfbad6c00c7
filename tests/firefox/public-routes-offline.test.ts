/** Promise 1: all ten public routes read offline after one online visit, by navigation and by reload. */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { publicRoutes } from '../e2e/support/public-routes.ts';
import { openPage } from './support/firefox.ts';
import { goOffline, openRig, waitForWorker, type Rig } from './support/journeys.ts';

let rig: Rig;
beforeAll(async () => {
  rig = await openRig();
});
afterAll(async () => {
  await rig?.close();
});

async function mainText(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector('main')?.innerText ?? '');
}

test('every marketing and policy route reads offline in Firefox after one online visit, by navigation and reload', async () => {
  const page = await openPage(rig.browser, true);
  await page.goto(`${rig.origin}/about`);
  await waitForWorker(page);
  await goOffline([page], rig.proxy);

  for (const route of publicRoutes) {
    console.log(`[firefox] offline: ${route.path}`);
    await page.goto(`${rig.origin}${route.path}`);
    expect(await mainText(page), `${route.path} by navigation`).toMatch(route.heading);
    await page.reload();
    expect(await mainText(page), `${route.path} after a reload`).toMatch(route.heading);
  }
  // Really offline: the server is unreachable through the proxy, even for the worker.
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  const probe = await fetch(`${rig.origin}/api/health`).then(
    () => 'reached',
    () => 'refused',
  );
  expect(probe).toBe('refused');
});
