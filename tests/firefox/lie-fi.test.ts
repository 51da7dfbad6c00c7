/**
 * Promise 5 in Firefox: lie-fi. The connection is "up" (navigator.onLine true,
 * no offline event) but for 20 s every request is lost at the proxy — some
 * applied by the server with the answer thrown away, some held with no answer
 * at all. Then it is restored, with no `online` event to say so. Nothing may be
 * lost, nothing applied twice, a record's edits must land in order, and the UI
 * must not say "saved" before an answer could have reached it.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { savedClaims, watchSavedClaims } from './support/claims.ts';
import { openPage } from './support/firefox.ts';
import { logIn, openRig, waitForOutbox, waitForWorker, type Rig } from './support/journeys.ts';
import { createEvent, serverEvents, serverProfile, uniqueTitle } from './support/server-truth.ts';
import { cardButton, click, dialog, saveDialog, fill, link, waitForCard, waitForText } from './support/ui.ts';

export const LIE_FI_MS = 20_000;

let rig: Rig;
beforeEach(async () => {
  rig = await openRig();
});
afterEach(async ({ task }) => {
  await rig?.close(task.result?.state === 'fail');
});

test('lie-fi in Firefox: 20 s of lost requests, then restored: nothing lost or doubled, edits in order, no early "saved"', async () => {
  const email = 'promoter@example.com';
  const steady = uniqueTitle('Steady');
  const fresh = uniqueTitle('Lie-fi');
  const bio = `Sent through lie-fi ${Date.now()}`;
  await createEvent(rig.server.baseURL, email, steady);

  const page = await openPage(rig.browser);
  await logIn(page, rig.origin, email);
  await page.goto(`${rig.origin}/dashboard/events`);
  await waitForWorker(page); // may reload
  await waitForCard(page, steady, null);

  rig.proxy.setMode('lie-fi');
  const lieFiFrom = Date.now();

  await (await cardButton(page, steady, 'Edit')).click();
  let edit = await dialog(page, 'Edit event');
  await fill(page, 'Title', `${steady} v1`, edit);
  await saveDialog(page, edit);
  await waitForCard(page, `${steady} v1`, 'Pending sync');
  // From here on something is unsent until the connection is back: "saved" would be a lie.
  await watchSavedClaims(page);

  await click(page, 'New event');
  const create = await dialog(page, 'New event');
  await fill(page, 'Title', fresh, create);
  await fill(page, 'Location', 'Somewhere patchy', create);
  await saveDialog(page, create, 'Publish');
  await waitForCard(page, fresh, 'Pending sync');

  // A second edit of the same record while the first is lost in flight: it must land last.
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  await (await cardButton(page, `${steady} v1`, 'Edit')).click();
  edit = await dialog(page, 'Edit event');
  await fill(page, 'Title', `${steady} v2`, edit);
  await saveDialog(page, edit);
  await waitForCard(page, `${steady} v2`, 'Pending sync');

  await (await link(page, 'Profile', 'nav[aria-label="Dashboard"]')).click();
  await fill(page, 'Bio', bio);
  await click(page, 'Save');
  await waitForText(page, 'Saved on this device', true, 15_000);

  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, lieFiFrom + LIE_FI_MS - Date.now())));
  rig.proxy.setMode('open');
  const restored = Date.now();

  await waitForOutbox(page, 0, 60_000);
  const synced = Date.now() - restored;
  await waitForText(page, 'All changes saved');
  console.log(
    `[firefox] lie-fi: time to sync after restore ${synced} ms; answers thrown away: ${rig.proxy.droppedAnswers()}`,
  );

  const early = (await savedClaims(page)).filter((at) => at < restored).map((at) => at - lieFiFrom);
  expect(early, 'the UI said "saved" while every answer was being lost').toEqual([]);
  const events = await serverEvents(rig.server.baseURL, email);
  const titled = (title: string) => events.filter((event) => event.title === title).length;
  expect([titled(fresh), titled(`${steady} v2`), titled(`${steady} v1`), titled(steady)]).toEqual([1, 1, 0, 0]);
  expect((await serverProfile(rig.server.baseURL, email)).bio).toBe(bio);
  expect(rig.proxy.droppedAnswers(), 'some writes were applied with their answer lost').toBeGreaterThan(0);
}, 150_000);
