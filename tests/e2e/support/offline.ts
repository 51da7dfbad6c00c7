/**
 * Offline the faithful way in Chromium: `context.setOffline` takes the pages
 * offline but not their service worker's own fetches, so each spec that uses
 * the `tcpProxy` fixture reaches the server through a loopback TCP proxy
 * (tcp-proxy.ts) and cuts it too. Pages go to `tcpProxy.baseURL`; `request`
 * still talks to the server directly, to read its truth while the browser is cut off.
 */
import { test as base, type BrowserContext } from '@playwright/test';
import { openProxy, type TcpProxy } from './tcp-proxy.ts';

export const test = base.extend<{ tcpProxy: TcpProxy }>({
  // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  tcpProxy: async ({}, provide) => {
    const proxy = await openProxy(Number(process.env.E2E_PORT));
    await provide(proxy);
    await proxy.close();
  },
});

export { expect } from '@playwright/test';

export async function goOffline(context: BrowserContext, proxy: TcpProxy): Promise<void> {
  proxy.setMode('down');
  await context.setOffline(true);
}

/** The connection comes back; resolves with the moment it did (for time-to-sync). */
export async function goOnline(context: BrowserContext, proxy: TcpProxy): Promise<number> {
  proxy.setMode('open');
  const at = Date.now();
  await context.setOffline(false);
  return at;
}
