/// <reference lib="webworker" />
/**
 * Followers' push messages (contract §11): the server sends `{"title","body","url"}`
 * (encrypted for this browser; the browser hands it over decrypted). The worker
 * shows it as a notification, and a tap opens its page — in a tab already
 * showing it when there is one. Only pages of this site are opened: a payload
 * is the server's, but a link elsewhere would never be.
 *
 * Notifications are tagged with their page: a message delivered twice (the
 * server sends at least once: one it sent just before a crash goes again) or
 * a later change of the same event replaces the one shown instead of adding
 * another, and still alerts (renotify).
 */

declare const self: ServiceWorkerGlobalScope;

interface PushNotice {
  title: string;
  body: string;
  url: string;
}

function readNotice(data: PushMessageData | null): PushNotice | null {
  if (!data) return null;
  try {
    const value = data.json() as Partial<Record<keyof PushNotice, unknown>>;
    if (typeof value.title !== 'string' || typeof value.body !== 'string' || typeof value.url !== 'string') return null;
    return { title: value.title, body: value.body, url: value.url };
  } catch {
    return null;
  }
}

/** The page to open: this site's own, else its home. */
function sameSiteUrl(url: unknown): string {
  try {
    const target = new URL(String(url), self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  if (open) await open.focus();
  else await self.clients.openWindow(url);
}

export function registerPushNotices(): void {
  self.addEventListener('push', (event) => {
    const notice = readNotice(event.data);
    if (!notice) return;
    event.waitUntil(
      self.registration.showNotification(notice.title, {
        body: notice.body,
        icon: '/icons/icon-192.png',
        tag: sameSiteUrl(notice.url),
        renotify: true,
        data: { url: sameSiteUrl(notice.url) },
      } as NotificationOptions & { renotify: boolean }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openPage(sameSiteUrl(data?.url)));
  });
}
