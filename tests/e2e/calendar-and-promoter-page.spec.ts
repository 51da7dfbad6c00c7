/**
 * "Add to calendar" and the promoter's page on a phone: the whole
 * journey editor → Save draft → Publish → public page → "Add to calendar"
 * downloads its .ics; the promoter's
 * `/p/{display_name}` (a name with a dot) lists the event, links to it, has
 * no axe violations and reads offline after one visit.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { demoAccounts, logInThroughPanel } from './support/auth.ts';
import { card, createEventViaApi, serverEvents, uniqueTitle } from './support/dashboard.ts';

// Dates follow the reader's locale (src/components/listing/listing-time.ts); these checks read them in British English.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' });

/** The demo promoter (promoter@example.com) goes by this name. */
const PROMOTER = 'sam.nights';

const createEvent = (request: APIRequestContext, title: string, extra: Record<string, string> = {}) =>
  createEventViaApi(request, demoAccounts.promoter, title, {
    bio: 'Two rooms, four DJs.',
    location_name: 'Peckham Levels, London',
    start_date: '2027-03-05',
    start_time: '21:00',
    end_time: '03:00',
    ...extra,
  });

test('an event page shows price and Get tickets, and downloads its calendar file from "Add to calendar"', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('Rooftop Session');
  const id = await createEvent(request, title, { price: '12', ticket_url: 'https://tickets.example/rooftop' });
  await page.goto(`/e/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('£12', { exact: true })).toBeVisible();
  const tickets = page.getByRole('link', { name: 'Get tickets' });
  await expect(tickets).toHaveAttribute('href', 'https://tickets.example/rooftop');
  await expect(tickets).toHaveAttribute('rel', 'nofollow ugc noopener');
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
  const link = page.getByRole('link', { name: 'Add to calendar' });
  await expect(link).toHaveAttribute('href', `/e/${id}.ics?from=page`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.tap()]);
  expect(download.suggestedFilename()).toMatch(/^rooftop-session[\w-]*\.ics$/);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text).toContain(`UID:event-${id}@`);
  expect(text).toContain('DTSTART;TZID=Europe/London:20270305T210000');
  expect(text).toContain('DTEND;TZID=Europe/London:20270306T030000');
});

test("the promoter's page lists the event, links to it and reads offline after one visit", async ({
  page,
  context,
  request,
}) => {
  const title = uniqueTitle('Warehouse Social');
  const id = await createEvent(request, title);
  await page.goto(`/p/${PROMOTER}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PROMOTER);
  const card = page.getByRole('link', { name: new RegExp(title) });
  await expect(card).toContainText('Fri, 5 Mar 2027, 21:00 – 03:00 GMT');
  await expect(page.getByRole('link', { name: 'Add all to calendar' })).toHaveAttribute('href', `/p/${PROMOTER}.ics`);
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);

  // Kept by the service worker like an event page.
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          const cache = await caches.open('listing-pages-v1');
          return (await cache.keys()).some((key) => new URL(key.url).pathname === wanted);
        }, `/p/${PROMOTER}`),
      { timeout: 20_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await context.setOffline(false);

  await card.tap();
  await expect(page).toHaveURL(new RegExp(`/e/${id}/warehouse-social`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('editor → draft → publish → public page → calendar', async ({ page, request }) => {
  const title = uniqueTitle('Basement Sessions');
  await logInThroughPanel(page, demoAccounts.promoter);
  await page.goto('/dashboard/events');
  await page.getByRole('button', { name: 'New event' }).click();
  const editor = page.getByRole('dialog', { name: 'New event' });
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Description').fill('Deep house all night.');
  await editor.getByLabel('Start date').fill('2027-01-08');
  await editor.getByLabel('Start time').fill('22:00');
  await editor.getByLabel('Ticket link').fill('https://tickets.example/basement');
  await editor.getByLabel('Price').fill('10');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor).toBeHidden();
  const draftCard = card(page, title);
  await expect(draftCard.getByText('Draft', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await serverEvents(request, demoAccounts.promoter)).find((e) => e.title === title)?.status)
    .toBe('draft');
  const { id } = (await serverEvents(request, demoAccounts.promoter)).find((e) => e.title === title)!;
  expect((await request.get(`/e/${id}.ics`)).status()).toBe(404);

  await draftCard.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByRole('button', { name: 'Publish' }).click();
  await expect(edit).toBeHidden();
  await expect
    .poll(async () => (await serverEvents(request, demoAccounts.promoter)).find((e) => e.title === title)?.status)
    .toBe('published');

  await page.goto(`/e/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('£10', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get tickets' })).toHaveAttribute(
    'href',
    'https://tickets.example/basement',
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Add to calendar' }).tap(),
  ]);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  expect(text).toContain(`UID:event-${id}@`);
  expect(text).toContain('DTSTART;TZID=Europe/London:20270108T220000');
});
