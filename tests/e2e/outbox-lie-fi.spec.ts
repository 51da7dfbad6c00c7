/**
 * Lie-fi in Chromium (its twin in tests/firefox/lie-fi.test.ts): the
 * connection is "up" — navigator.onLine true, no offline event — but for 20 s
 * every request is lost at the proxy: some applied by the server with the
 * answer thrown away, some held with no answer at all. Then it is restored,
 * with no `online` event to say so. Nothing lost, nothing applied twice, a
 * record's edits land in order, and the UI never says "saved" before an
 * answer could have reached it.
 */
import { card, freshBusinessAccount, serverEvents, uniqueTitle, createEventViaApi } from './support/dashboard.ts';
import { logInThroughPanel, demoPassword } from './support/auth.ts';
import { outboxCount, waitForWorker } from './support/outbox.ts';
import { expect, test } from './support/offline.ts';

const LIE_FI_MS = 20_000;
/** A form waits up to 10 s for its write's first attempt ("Saving…") before calling it pending. */
const FIRST_ATTEMPT = { timeout: 15_000 };

test('lie-fi: 20 s of lost requests, then restored: nothing lost or doubled, edits in order, no early "saved"', async ({
  page,
  request,
  tcpProxy: proxy,
}) => {
  test.setTimeout(150_000);
  const email = await freshBusinessAccount(request);
  const steady = uniqueTitle('Steady');
  const fresh = uniqueTitle('Lie-fi');
  const bio = `Sent through lie-fi ${Date.now()}`;
  await createEventViaApi(request, email, steady);

  await logInThroughPanel(page, email, demoPassword, proxy.baseURL);
  await page.goto(`${proxy.baseURL}/dashboard/events`);
  await waitForWorker(page);
  await expect(card(page, steady)).toBeVisible();

  proxy.setMode('lie-fi');
  const lieFiFrom = Date.now();
  await card(page, steady).getByRole('button', { name: 'Edit' }).click();
  let edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Title').fill(`${steady} v1`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden(FIRST_ATTEMPT);
  await expect(card(page, `${steady} v1`)).toContainText('Pending sync');

  // From here on something is unsent until the connection is back: "saved" would be a lie.
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { savedClaims: number[] }).savedClaims = samples;
    setInterval(() => {
      const text = document.body.innerText;
      if (text.includes('Saved ✓') || text.includes('All changes saved')) samples.push(Date.now());
    }, 50);
  });

  await page.getByRole('button', { name: 'New event' }).click();
  const create = page.getByRole('dialog', { name: 'New event' });
  await create.getByLabel('Title').fill(fresh);
  await create.getByRole('combobox', { name: 'Location' }).fill('Somewhere patchy');
  await create.getByRole('button', { name: 'Publish' }).click();
  await expect(create).toBeHidden(FIRST_ATTEMPT);
  await expect(card(page, fresh)).toContainText('Pending sync');

  // A second edit of the same record while the first is lost in flight: it must land last.
  await page.waitForTimeout(4_000);
  await card(page, `${steady} v1`).getByRole('button', { name: 'Edit' }).click();
  edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Title').fill(`${steady} v2`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden(FIRST_ATTEMPT);
  await expect(card(page, `${steady} v2`)).toContainText('Pending sync');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profile' }).click();
  await page.getByLabel('Bio', { exact: true }).fill(bio);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved on this device')).toBeVisible(FIRST_ATTEMPT);

  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await page.waitForTimeout(Math.max(0, lieFiFrom + LIE_FI_MS - Date.now()));
  proxy.setMode('open');
  const restored = Date.now();
  await expect.poll(() => outboxCount(page), { timeout: 60_000 }).toBe(0);
  const synced = Date.now() - restored;
  await expect(page.getByText('All changes saved')).toBeVisible();
  console.log(
    `[chromium] lie-fi: time to sync after restore ${synced} ms; answers thrown away: ${proxy.droppedAnswers()}`,
  );

  const claims = await page.evaluate(() => (window as unknown as { savedClaims: number[] }).savedClaims);
  expect(claims.filter((at) => at < restored).map((at) => at - lieFiFrom)).toEqual([]);
  const events = await serverEvents(request, email);
  const titled = (title: string) => events.filter((event) => event.title === title).length;
  expect([titled(fresh), titled(`${steady} v2`), titled(`${steady} v1`), titled(steady)]).toEqual([1, 1, 0, 0]);
  const login = await request.post('/api/auth/login/', { data: { email, password: demoPassword } });
  const { access } = (await login.json()) as { access: string };
  const profile = await request.get('/api/auth/profile/', { headers: { Authorization: `Bearer ${access}` } });
  expect(((await profile.json()) as { bio: string }).bio).toBe(bio);
  expect(proxy.droppedAnswers(), 'some writes were applied with their answer lost').toBeGreaterThan(0);
});
