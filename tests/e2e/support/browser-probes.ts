/**
 * Functions that run inside the page, shared by the Playwright (Chromium) and
 * Puppeteer (Firefox) suites: pass them to `page.evaluate`. Each must stand
 * alone (no imports, no closures); the driver sends its source text.
 */

/** Rows in the page's IndexedDB outbox (0: nothing pending). */
export function countOutboxRows(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('roamly');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('outbox')) {
        db.close();
        return resolve(0);
      }
      const count = db.transaction('outbox').objectStore('outbox').count();
      count.onsuccess = () => {
        resolve(count.result);
        db.close();
      };
      count.onerror = () => reject(count.error);
    };
  });
}

/** Resolves once a service worker is active and controls the page (false: active, not yet controlling). */
export async function workerControls(): Promise<boolean> {
  await navigator.serviceWorker.ready;
  return navigator.serviceWorker.controller !== null;
}
