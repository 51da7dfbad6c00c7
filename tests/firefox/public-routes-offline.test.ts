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

/** Waits until the page's <main> reads `heading` (the navigation has landed and rendered). */
async function waitForMain(page: Page, heading: RegExp, what: string): Promise<void> {
  try {
    await page.waitForFunction(
      (source, flags) => new RegExp(source, flags).test(document.querySelector('main')?.innerText ?? ''),
      { timeout: 10_000, polling: 100 },
      heading.source,
      heading.flags,
    );
  } catch (error) {
    const seen = await page.evaluate(() => document.querySelector('main')?.innerText.slice(0, 200)).catch(() => null);
    throw new Error(`${what}: <main> never read ${String(heading)}; it read ${JSON.stringify(seen)}`, { cause: error });
  }
}

test('every marketing and policy route reads offline in Firefox after one online visit, by navigation and reload', async () => {
  const page = await openPage(rig.browser, true);
  await page.goto(`${rig.origin}/about`);
  await waitForWorker(page);
  await goOffline([page], rig.proxy);

  for (const route of publicRoutes) {
    console.log(`[firefox] offline: ${route.path}`);
    await page.goto(`${rig.origin}${route.path}`);
    await waitForMain(page, route.heading, `${route.path} by navigation`);
    await page.reload();
    await waitForMain(page, route.heading, `${route.path} after a reload`);
  }
  // Really offline: the server is unreachable through the proxy, even for the worker.
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  const probe = await fetch(`${rig.origin}/api/health`).then(
    () => 'reached',
    () => 'refused',
  );
  expect(probe).toBe('refused');
});
