/**
 * The service worker's side of followers' pushes, in Chromium: a push
 * message, delivered to the real worker through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`, the registration found through
 * `ServiceWorker.enable`'s events) with the payload the server writes for
 * the event (notice-text.ts), is shown as a notification with the event's
 * title, when and where; a second delivery of it replaces the first rather
 * than adding one. A click opens the event's page.
 *
 * The click: no protocol command clicks a notification, and a script-made
 * `notificationclick` cannot open a window (that takes the user's gesture).
 * So the worker's real listener is run with a script-made event whose
 * notification is the one shown, `clients.openWindow` and
 * `WindowClient.focus` recorded in place of acting, and the page it asked
 * for is then opened: what is proved is which page a click opens (a new
 * window, or the tab already showing it), not that Chromium honours the
 * gesture.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { noticeText, pushPayload } from '../../server/services/followers/notice-text.ts';
import type { ClaimedNotice } from '../../server/db/queries/follow-notices.ts';
import { listingPath } from '../../src/shared/contract/listing-url.ts';
import { demoAccounts } from './support/auth.ts';
import { createEventViaApi, uniqueTitle } from './support/dashboard.ts';

test.use({ locale: 'en-GB' });

const createEvent = (request: APIRequestContext, title: string) =>
  createEventViaApi(request, demoAccounts.promoter, title, {
    location_name: 'Hackney Wick, London',
    latitude: '51.5433',
    longitude: '-0.0249',
    start_date: '2030-07-19',
    start_time: '21:30',
  });

/** The notifications the page's service worker registration shows now. */
function shown(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });
}

test('a push is shown with the event title, when and where, and its click opens the event page', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = baseURL!;
  const title = uniqueTitle('Canal Sounds');
  const id = await createEvent(request, title);
  const eventUrl = `${origin}${listingPath(id, title)}`;
  // The payload the server sends for this event's "new" notice, as its worker writes it.
  const notice = {
    id: 1,
    kind: 'new',
    attempts: 1,
    channel: 'push',
    follow_id: 1,
    endpoint: null,
    p256dh: null,
    auth: null,
    email: null,
    mail_token: null,
    event_id: id,
    title,
    status: 'published',
    sold_out: false,
    status_note: '',
    start_date: '2030-07-19',
    start_time: '21:30',
    location_name: 'Hackney Wick, London',
    venue_title: null,
  } satisfies ClaimedNotice;
  const text = noticeText(notice, origin);
  expect(text.url).toBe(eventUrl);

  await context.grantPermissions(['notifications'], { origin });
  await page.goto(eventUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const deliver = async () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: pushPayload(text),
    });

  await deliver();
  const expected = {
    title,
    body: 'New: 2030-07-19 at 21:30, Hackney Wick, London',
    tag: eventUrl,
    url: eventUrl,
  };
  await expect.poll(() => shown(page)).toEqual([expected]);
  // Delivered again (the server sends at least once): still one notification.
  await deliver();
  await page.waitForTimeout(300);
  expect(await shown(page)).toEqual([expected]);

  // The click, run through the worker's own listener (see above).
  const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`);
  expect(worker).toBeDefined();
  const click = (where: 'elsewhere' | 'here') =>
    worker!.evaluate(async (where) => {
      // The worker's globals, typed here (this file is compiled without the webworker library).
      interface ShownNotification {
        close(): void;
      }
      interface WorkerScope {
        clients: { openWindow(url: string): Promise<unknown> };
        registration: { getNotifications(): Promise<ShownNotification[]> };
        dispatchEvent(event: Event): boolean;
        WindowClient: { prototype: { focus(this: { url: string }): Promise<unknown> } };
        NotificationEvent: new (type: string, init: { notification: ShownNotification }) => Event;
      }
      const sw = globalThis as unknown as WorkerScope;
      const asked: string[] = [];
      sw.clients.openWindow = (url: string) => {
        asked.push(`open ${url}`);
        return Promise.resolve(null);
      };
      sw.WindowClient.prototype.focus = function (this: { url: string }) {
        asked.push(`focus ${this.url}`);
        return Promise.resolve(this);
      };
      const [notification] = await sw.registration.getNotifications();
      if (!notification) return { asked, left: -1, where };
      try {
        sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
      } catch {
        // waitUntil refuses a script-made event; the listener has asked by then.
      }
      await new Promise((done) => setTimeout(done, 200));
      return { asked, left: (await sw.registration.getNotifications()).length, where };
    }, where);

  // With the page open in a tab, the click brings that tab forward.
  expect(await click('here')).toEqual({ asked: [`focus ${eventUrl}`], left: 0, where: 'here' });

  // With no tab on it, the click opens the page.
  await deliver();
  await expect.poll(() => shown(page)).toEqual([expected]);
  await page.goto(`${origin}/about`);
  const clicked = await click('elsewhere');
  expect(clicked).toEqual({ asked: [`open ${eventUrl}`], left: 0, where: 'elsewhere' });
  const opened = await context.newPage();
  await opened.goto(eventUrl);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(opened.getByText('Hackney Wick, London').first()).toBeVisible();
});
