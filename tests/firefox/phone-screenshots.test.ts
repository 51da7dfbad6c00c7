/**
 * Promise 8: the dashboard on a phone (390×844) in Firefox, photographed for a
 * person to look at (.tmp/firefox-screenshots/), and checked for what a
 * screenshot shows at a glance: nothing wider than the screen, every button
 * reachable, the sync state written out.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openPage } from './support/firefox.ts';
import { goOffline, logIn, openRig, waitForWorker, type Rig } from './support/journeys.ts';
import { click, dialog, fill, saveDialog, waitForCard, waitForText } from './support/ui.ts';

const shots = join(import.meta.dirname, '../../.tmp/firefox-screenshots');

let rig: Rig;
beforeEach(async () => {
  mkdirSync(shots, { recursive: true });
  rig = await openRig();
});
afterEach(async ({ task }) => {
  await rig?.close(task.result?.state === 'fail');
});

/** Elements sticking out past the right edge of the screen (their tag and text), for the failure message. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('main *, header *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && getComputedStyle(element).position !== 'fixed';
      })
      .map((element) => `${element.tagName.toLowerCase()}: ${(element.textContent ?? '').trim().slice(0, 40)}`);
  });
}

async function photograph(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`) as `${string}.png` });
  expect(
    await page.evaluate(() => [document.documentElement.clientWidth, document.documentElement.scrollWidth]),
  ).toEqual([390, 390]);
  expect(await overflowing(page)).toEqual([]);
}

test('the dashboard fits a phone screen in Firefox, online and offline with pending changes', async () => {
  const page = await openPage(rig.browser, true);
  await logIn(page, rig.origin, 'business@example.com');
  await page.goto(`${rig.origin}/dashboard/profile`);
  await waitForWorker(page);
  await waitForText(page, 'All changes saved');
  await photograph(page, 'profile');

  await page.goto(`${rig.origin}/dashboard/events`);
  await waitForText(page, 'All changes saved');
  await photograph(page, 'events');

  await goOffline([page], rig.proxy);
  await click(page, 'New event');
  const create = await dialog(page, 'New event');
  await fill(page, 'Title', 'Rooftop cinema: a very long title that has to wrap on a phone', create);
  await fill(page, 'Location', 'Peckham Levels, London', create);
  await photograph(page, 'new-event-dialog');
  await saveDialog(page, create, 'Publish');
  await waitForCard(page, 'Rooftop cinema: a very long title that has to wrap on a phone', 'Pending sync');
  await waitForText(page, /\b1 pending\b/);
  // Gone offline with the server's list on screen: an offline note, not a load failure.
  await waitForText(page, /You’re offline\. Showing your saved copy/);
  expect(await page.evaluate(() => document.body.innerText)).not.toContain('Failed to load events.');
  await photograph(page, 'events-offline-pending');

  await page.goto(`${rig.origin}/dashboard/outbox`);
  await waitForText(page, 'Pending sync');
  await photograph(page, 'outbox-offline');
});
