/**
 * The public listing page's insights beacon (contract §10): one small
 * `fetch` with `keepalive` after the page has loaded — never before, so it
 * never competes with the page — saying "viewed" (with `src` when the
 * address came from the QR poster, `?src=qr`, a shared link, `?src=share`,
 * or a tagged link, `?src={code}`; and `ref`, the host name of the site that
 * linked here, never its path), and one more when "Get tickets" is followed.
 * No cookie, and the page keeps working when the beacon fails.
 *
 * The owner's own views are not counted: when this device holds the
 * dashboard's token (the app's IndexedDB `auth` store) the beacon carries it
 * and the server drops views by the listing's owner. A prerendered page
 * (`document.prerendering`) waits until it is really shown; a robot that runs
 * no script never sends anything.
 */
import { API_PREFIX, apiPath, apiRoutes } from '../shared/contract/api-routes.ts';
// Types only: the contract module carries valibot, which this page must not download.
import type { InsightHit } from '../shared/contract/insights.ts';

/**
 * The app's IndexedDB database (DB_NAME in src/shared/contract/app-database.ts; a unit test
 * keeps them equal). Written out, not imported: the bundler would put the
 * shared constant in the app chunk, and this page would download the app.
 */
export const TOKEN_DATABASE = 'roamly';

/** The dashboard's stored access token on this device, without ever creating the database. */
function storedAccessToken(): Promise<string | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(TOKEN_DATABASE);
    } catch {
      return resolve(null);
    }
    // No database yet (never signed in here): abort, so none is created under the app's feet.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      try {
        const read = db.transaction('auth', 'readonly').objectStore('auth').get('current');
        read.onsuccess = () => resolve(typeof read.result?.access === 'string' ? read.result.access : null);
        read.onerror = () => resolve(null);
      } catch {
        resolve(null);
      } finally {
        db.close();
      }
    };
  });
}

async function send(id: string, hit: InsightHit): Promise<void> {
  const token = await storedAccessToken().catch(() => null);
  await fetch(API_PREFIX + apiPath(apiRoutes.insightHit, { id }), {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(hit),
  });
}

/** The host of the site that linked to this page, when it is another site. */
function referringHost(): string | null {
  try {
    const host = document.referrer ? new URL(document.referrer).hostname : '';
    return host && host !== window.location.hostname ? host : null;
  } catch {
    return null;
  }
}

/** Counts this page load and, from now on, "Get tickets" clicks; drops `?src=` from the address bar. */
export function startInsightsBeacon(): void {
  const id = /^\/e\/(\d{1,15})\//.exec(window.location.pathname)?.[1];
  if (!id) return;
  const url = new URL(window.location.href);
  const src = url.searchParams.get('src');
  const ref = referringHost();
  const hit: InsightHit = {
    kind: 'view',
    ...(src && /^(?:qr|share|[a-z2-7]{8})$/.test(src) ? { src } : {}),
    ...(ref ? { ref } : {}),
  };
  if (url.searchParams.has('src')) {
    // A copy of this address (shared on, bookmarked) is no longer a QR scan.
    url.searchParams.delete('src');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  const view = () => void send(id, hit).catch(() => undefined);
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) document.addEventListener('prerenderingchange', view, { once: true });
  else view();
  document
    .querySelector('.listing__tickets-link')
    ?.addEventListener('click', () => void send(id, { kind: 'ticket_click' }).catch(() => undefined));
}
