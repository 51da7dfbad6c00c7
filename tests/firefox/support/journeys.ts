/**
 * Steps the Firefox tests share: a server behind a cuttable proxy, signing in
 * through the side panel, waiting for the service worker, and going offline
 * the faithful way (page offline *and* the connection cut, so the worker's
 * own fetches fail too).
 */
import type { Browser, Page } from 'puppeteer-core';
import { inject } from 'vitest';
import { countOutboxRows, workerControls } from '../../e2e/support/browser-probes.ts';
import { startServer, type RunningServer } from '../../e2e/support/server-process.ts';
import { openProxy, type TcpProxy } from '../../e2e/support/tcp-proxy.ts';
import { launchFirefox, setPageOffline, waitInPage } from './firefox.ts';
import { demoPassword } from './server-truth.ts';
import { button, click, fill } from './ui.ts';

export interface Rig {
  server: Pick<RunningServer, 'baseURL' | 'port'>;
  proxy: TcpProxy;
  browser: Browser;
  /** Where the browser goes: the proxy's origin. */
  origin: string;
  /** Closes the test's pages and proxy; after a failed test, the browser too, so a retry starts afresh. */
  close(failed?: boolean): Promise<void>;
}

/**
 * One Firefox per test worker (vitest.firefox.config.ts shares modules between a worker's
 * files): a launch costs ~7 CPU-s, and every test works in browser contexts of its own
 * (`openPage`) behind a proxy of its own, so nothing of one test's storage reaches the next.
 * Puppeteer ends the browser with the worker's process.
 */
let firefox: Promise<Browser> | null = null;

async function workerFirefox(): Promise<Browser> {
  const running = firefox ? await firefox.catch(() => null) : null;
  if (running?.connected) return running;
  firefox = launchFirefox();
  return firefox;
}

/**
 * The worker's Firefox and a proxy in front of the suite's server, or, given `env`, in
 * front of a server of its own started with those settings.
 */
export async function openRig(env?: Record<string, string>): Promise<Rig> {
  const [own, browser] = await Promise.all([env ? startServer(env) : null, workerFirefox()]);
  const server = own ?? inject('roamlyServer');
  const proxy = await openProxy(server.port);
  return {
    server,
    proxy,
    browser,
    origin: proxy.baseURL,
    async close(failed = false) {
      if (failed) {
        // A browser that hung a navigation stays hung: the retry gets a new one.
        firefox = null;
        await browser.close().catch(() => undefined);
      } else {
        const opened = browser.browserContexts().filter((context) => context !== browser.defaultBrowserContext());
        await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
      }
      await proxy.close();
      await own?.stop();
    },
  };
}

export async function logIn(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/login`);
  const panel = 'dialog[aria-label="Site menu"]';
  await fill(page, 'Email', email, panel);
  await fill(page, 'Password', demoPassword, panel);
  await click(page, 'Log in', panel);
  await button(page, 'Logout', 'header');
}

/** Rejects with `what` when `work` has not settled in `ms`: a browser call that never answers fails by name. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Waits until a service worker controls the page (offline navigations need it). */
export async function waitForWorker(page: Page, timeoutMs = 30_000): Promise<void> {
  const controls = await within(timeoutMs, 'waiting for a service worker', page.evaluate(workerControls));
  if (controls) return;
  await within(15_000, 'reloading under the new worker', page.reload());
  await waitInPage(page, () => navigator.serviceWorker.controller !== null);
}

export async function goOffline(pages: Page[], proxy: TcpProxy): Promise<void> {
  proxy.setMode('down');
  for (const page of pages) await within(5_000, 'switching the page offline', setPageOffline(page, true));
}

/** The connection comes back; resolves with the moment it did (for time-to-sync). */
export async function goOnline(pages: Page[], proxy: TcpProxy): Promise<number> {
  proxy.setMode('open');
  const at = Date.now();
  for (const page of pages) await setPageOffline(page, false);
  return at;
}

export function outboxRows(page: Page): Promise<number> {
  return page.evaluate(countOutboxRows);
}

/** Waits until the page's outbox holds `rows` rows. */
export async function waitForOutbox(page: Page, rows: number, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last = -1;
  while (Date.now() < deadline) {
    last = await outboxRows(page);
    if (last === rows) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The outbox held ${last} rows, not ${rows}, after ${timeout} ms`);
}
