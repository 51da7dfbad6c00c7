/**
 * Venue approval end to end (contract §10), two accounts in two
 * browser contexts: a promoter picks a listed venue in the event editor's
 * Venue field and the card says it waits for the venue; the venue's owner
 * finds it under Requests on the business page and approves it while
 * offline — kept on the device, sent once when the connection is back. The
 * promoter's card then says it is approved, the event's public page says
 * "at {venue}" linking to the venue's page, and the venue's page lists it
 * under What's on.
 */
import type { APIRequestContext } from '@playwright/test';
import { demoPassword, latestCode, logInThroughPanel, uniqueEmail } from './support/auth.ts';
import { card, choosePlace, freshBusinessAccount, uniqueTitle } from './support/dashboard.ts';
import { expect, goOffline, goOnline, test } from './support/offline.ts';

async function freshPromoter(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('promoter');
  const registered = await request.post('/api/auth/register/', {
    data: {
      email,
      full_name: 'New Promoter',
      display_name: `promoter_${Math.random().toString(36).slice(2, 9)}`,
      password: demoPassword,
      user_type: 'subpromoter',
    },
  });
  expect(registered.status()).toBe(201);
  const verified = await request.post('/api/auth/verify-email/', {
    data: { email, code: await latestCode(request, email) },
  });
  expect(verified.ok()).toBe(true);
  return email;
}

async function accessOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth/login/', { data: { email, password: demoPassword } });
  return ((await login.json()) as { access: string }).access;
}

/** Where the Location field's "Camden Town" suggestion puts an event. */
async function camdenTown(request: APIRequestContext, access: string): Promise<{ lat: number; lng: number }> {
  const headers = { Authorization: `Bearer ${access}` };
  const found = await request.get('/api/media_feed/places-autocomplete/?input=Camden&platform=web', { headers });
  const { predictions } = (await found.json()) as { predictions: { place_id: string; description: string }[] };
  const camden = predictions.find((p) => p.description.includes('Camden Town'))!;
  const details = await request.get(`/api/media_feed/place-details/?place_id=${camden.place_id}&platform=web`, {
    headers,
  });
  return ((await details.json()) as { result: { geometry: { location: { lat: number; lng: number } } } }).result
    .geometry.location;
}

test('a promoter asks a venue, the venue approves offline, and the public pages show it', async ({
  browser,
  request,
  tcpProxy: proxy,
}) => {
  test.setTimeout(120_000);
  const owner = await freshBusinessAccount(request);
  const promoter = await freshPromoter(request);
  const ownerAccess = await accessOf(request, owner);
  const venueTitle = uniqueTitle('Lantern Hall');
  const title = uniqueTitle('Late Jazz');
  const camden = await camdenTown(request, ownerAccess);
  const listing = await request.post('/api/events/create/', {
    headers: { Authorization: `Bearer ${ownerAccess}` },
    multipart: {
      title: venueTitle,
      location_name: 'Camden Town, London',
      latitude: String(camden.lat),
      longitude: String(camden.lng),
      is_recurring: 'true',
      friday: 'true',
    },
  });
  expect(listing.status()).toBe(201);
  const venueId = ((await listing.json()) as { id: number }).id;

  // The promoter, in a browser of their own, names the venue.
  const promoterContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  const promoterPage = await promoterContext.newPage();
  await logInThroughPanel(promoterPage, promoter);
  await promoterPage.goto('/dashboard/events');
  await promoterPage.getByRole('button', { name: 'New event' }).click();
  const editor = promoterPage.getByRole('dialog', { name: 'New event' });
  await editor.getByLabel('Title').fill(title);
  await choosePlace(editor, 'Camden', 'Camden Town');
  await editor.getByLabel('Start date').fill('2027-04-02');
  await editor.getByLabel('Start time').fill('20:00');
  const venue = editor.getByRole('combobox', { name: 'Venue' });
  await venue.fill(venueTitle);
  await editor.getByRole('option', { name: new RegExp(venueTitle) }).click();
  await expect(venue).toHaveValue(venueTitle);
  // Every state the list passes through, frame or not: the most cards of this title it ever held.
  await promoterPage.evaluate((watched) => {
    const count = () =>
      [...document.querySelectorAll('article')].filter((article) =>
        [...article.querySelectorAll('h1, h2, h3, h4')].some((heading) => heading.textContent?.trim() === watched),
      ).length;
    const most = { cards: count() };
    Object.assign(window, { __mostCards: most });
    new MutationObserver(() => (most.cards = Math.max(most.cards, count()))).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, title);
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor).toBeHidden();
  await expect(card(promoterPage, title).filter({ hasText: `At ${venueTitle} · Waiting for the venue` })).toHaveCount(
    1,
    { timeout: 15_000 },
  );
  await expect(card(promoterPage, title)).toHaveCount(1);
  // The saved card replaces the pending one: the new event was never listed twice, not even for a frame.
  expect(
    await promoterPage.evaluate(() => (window as unknown as { __mostCards: { cards: number } }).__mostCards.cards),
  ).toBe(1);

  // The venue's owner, in another browser that goes through the cuttable proxy.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  const ownerPage = await ownerContext.newPage();
  await logInThroughPanel(ownerPage, owner, undefined, proxy.baseURL);
  await ownerPage.goto(`${proxy.baseURL}/dashboard/business/${venueId}`);
  const requests = ownerPage.getByRole('region', { name: 'Requests' });
  const item = requests.getByRole('listitem', { name: title });
  await expect(item).toContainText('Waiting for the venue');
  await expect(item).toContainText('Fri, 2 Apr 2027, 20:00');

  await goOffline(ownerContext, proxy);
  await item.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(item).toContainText('Approved by the venue · Waiting to sync');
  await expect(item).toContainText('It will be sent when you’re back online.');
  const promoterAccess = await accessOf(request, promoter);
  const events = async () =>
    (await (
      await request.get('/api/events/user/', { headers: { Authorization: `Bearer ${promoterAccess}` } })
    ).json()) as { id: number; title: string; venue_status: string | null }[];
  expect((await events()).find((e) => e.title === title)?.venue_status).toBe('pending');

  await goOnline(ownerContext, proxy);
  await expect(item).not.toContainText('Waiting to sync', { timeout: 30_000 });
  await expect(item).toContainText('Approved by the venue');
  const approved = (await events()).find((e) => e.title === title)!;
  expect(approved.venue_status).toBe('approved');
  // Sent once: the promoter got one mail about it.
  const mailbox = await request.get(`/api/dev/mailbox?email=${encodeURIComponent(promoter)}`);
  const { messages } = (await mailbox.json()) as { messages: { subject: string }[] };
  expect(messages.filter((m) => m.subject.includes(title))).toHaveLength(1);

  // The promoter's card says so; the public pages show the event at the venue.
  await promoterPage.reload();
  await expect(card(promoterPage, title)).toContainText(`At ${venueTitle} · Approved by the venue`);
  await promoterPage.goto(`/e/${approved.id}`);
  const at = promoterPage.getByRole('link', { name: venueTitle });
  await expect(at).toHaveAttribute('href', new RegExp(`^/e/${venueId}/`));
  await expect(promoterPage.locator('.listing-venue')).toHaveText(`at ${venueTitle}`);
  await at.click();
  await expect(promoterPage.getByRole('heading', { level: 1 })).toHaveText(venueTitle);
  const whatsOn = promoterPage.getByRole('region', { name: "What's on" });
  await expect(whatsOn.getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
    'href',
    new RegExp(`^/e/${approved.id}/`),
  );

  await ownerContext.close();
  await promoterContext.close();
});
