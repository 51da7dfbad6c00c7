/**
 * Promises 6 and 7 in Firefox: two tabs of one account, with access tokens
 * that live 4 seconds. One flusher at a time (Web Lock `outbox-flush`): writes
 * queued offline go out once on the wire even though both tabs try to send
 * them when the connection returns. Both tabs show the same pending count.
 * Expired tokens are refreshed once for both tabs (Web Lock `auth-refresh`;
 * the refresh token rotates, so a second refresh with it would end the
 * session): proved here as the queued writes go out after the token expired.
 * (Two tabs reloading together after expiry share one refresh: that is
 * tests/e2e/auth-session.spec.ts, and the same Web Lock code is proved in
 * Firefox by the writes below.) Signing out in one tab signs out the other.
 */
import type { Page } from 'puppeteer-core';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openPage, setViewportSize, waitInPage } from './support/firefox.ts';
import { goOffline, goOnline, logIn, openRig, waitForOutbox, waitForWorker, type Rig } from './support/journeys.ts';
import { serverEvents, uniqueTitle } from './support/server-truth.ts';
import { button, click, dialog, fill, saveDialog, waitForCard, waitForText } from './support/ui.ts';

const TOKEN_TTL_S = 4;
const email = 'business@example.com';

let rig: Rig;
let first: Page;
let second: Page;
// A rig per test, and per attempt: a retry (vitest.firefox.config.ts) never starts behind
// the first attempt's cut proxy or signed-out tabs, and neither test depends on the other.
beforeEach(async () => {
  rig = await openRig({ ACCESS_TOKEN_TTL: String(TOKEN_TTL_S) });
  first = await openPage(rig.browser);
  await logIn(first, rig.origin, email);
  second = await first.browserContext().newPage();
  await setViewportSize(second, 1280, 800);
  await Promise.all([first.goto(`${rig.origin}/dashboard/events`), second.goto(`${rig.origin}/dashboard/events`)]);
  await waitForWorker(first);
  await waitForWorker(second);
});
afterEach(async ({ task }) => {
  await rig?.close(task.result?.state === 'fail');
});

/** When each token refresh went out. */
const refreshTimes = () =>
  rig.proxy
    .requests()
    .filter((r) => r.path === '/api/auth/refresh/')
    .map((r) => r.at);
const tokenExpiry = () => new Promise((resolve) => setTimeout(resolve, (TOKEN_TTL_S + 1) * 1000));

test('writes queued offline go out once between two tabs, both counting them, with one refresh', async () => {
  const titles = [uniqueTitle('Tab one'), uniqueTitle('Tab two'), uniqueTitle('Tab three')];
  await goOffline([first, second], rig.proxy);
  await first.bringToFront();
  for (const title of titles) {
    await click(first, 'New event');
    const create = await dialog(first, 'New event');
    await fill(first, 'Title', title, create);
    await fill(first, 'Location', 'Two tabs square', create);
    await saveDialog(first, create, 'Publish');
    await waitForCard(first, title, 'Pending sync');
  }
  // The other tab hears of them (BroadcastChannel) and counts the same.
  for (const page of [first, second]) await waitForText(page, /\b3 pending\b/);
  await waitForCard(second, titles[2] as string, 'Pending sync');

  await tokenExpiry();
  const writesBefore = rig.proxy.requests().length;
  const refreshesBefore = refreshTimes().length;
  const back = await goOnline([first, second], rig.proxy);
  await waitForOutbox(first, 0);
  console.log(`[firefox] two tabs, expired token: 3 writes synced ${Date.now() - back} ms after reconnect`);
  for (const page of [first, second]) await waitForText(page, 'All changes saved');

  const creates = rig.proxy
    .requests()
    .slice(writesBefore)
    .filter((r) => r.method === 'POST' && r.path === '/api/events/create/')
    .map((r) => r.status);
  // Each went out once, plus once more after the refresh where the expired token was refused.
  expect(
    creates.filter((status) => status !== 401),
    'each queued create was sent by one tab, once',
  ).toEqual([201, 201, 201]);
  // One refresh for the expiry both tabs met. A loaded host may take longer than the new
  // 4 s token lives and refresh once more, seconds later; two tabs refreshing for the same
  // expiry (no cross-tab lock) would do so moments apart.
  const refreshed = refreshTimes().slice(refreshesBefore);
  expect(refreshed.length).toBeGreaterThanOrEqual(1);
  const gaps = refreshed.slice(1).map((at, i) => at - refreshed[i]!);
  expect(
    gaps.filter((gap) => gap < 2_000),
    `refreshes ${gaps.join(', ')} ms apart`,
  ).toEqual([]);
  const events = await serverEvents(rig.server.baseURL, email);
  for (const title of titles) expect(events.filter((event) => event.title === title)).toHaveLength(1);
});

test('signing out in one tab signs out the other', async () => {
  await second.bringToFront();
  await click(second, 'Logout', 'header');
  for (const page of [second, first]) await button(page, 'Get Started', 'header');
  await waitInPage(first, () => !location.pathname.startsWith('/dashboard'));
});
