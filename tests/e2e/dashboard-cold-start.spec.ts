/**
 * Opening the dashboard in a new tab does not chain its waits: the sign-in start-up (the
 * stored tokens, the profile request) runs while the route's chunks load (on a slow phone
 * each answer is a round trip of half a second or more). The profile and list kept for the
 * account showing before the server's answers are proved in tests/unit
 * (auth-start-shows-kept-profile.test.ts, dashboard-my-events.test.ts).
 * The worker is blocked so that `page.route` sees every request the page makes.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { card, createEventViaApi, uniqueTitle } from './support/dashboard.ts';

test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true once `seen()` holds, false after `ms`. */
async function until(seen: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!seen() && Date.now() < deadline) await sleep(25);
  return seen();
}

function asked(page: Page, path: string): () => boolean {
  let seen = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen = true;
  });
  return () => seen;
}

test('a new tab asks for the profile while the Events screen’s code loads, not after', async ({ page, request }) => {
  const title = uniqueTitle('Cold start');
  await createEventViaApi(request, demoAccounts.promoter, title);
  await logInThroughPanel(page, demoAccounts.promoter);
  const tab = await page.context().newPage();
  const profileAsked = asked(tab, '/api/auth/profile/');
  let askedWhileCodeHeld = false;
  await tab.route(/\/assets\/dash-events-page-[^/]*\.js$/, async (route) => {
    askedWhileCodeHeld = await until(profileAsked, 5_000);
    await route.continue();
  });
  await tab.goto('/dashboard/events');
  await expect(card(tab, title)).toBeVisible();
  expect(askedWhileCodeHeld).toBe(true);
});
