/**
 * Stock Firefox (Debian's firefox-esr) driven by Puppeteer over WebDriver
 * BiDi: no browser download, no geckodriver. Firefox has no Background Sync,
 * so every outbox trigger these tests see is one of the page's own (`online`,
 * `visibilitychange`, start-up, the retry timer, the poll).
 *
 * Debian moves firefox-esr from one ESR to the next within a release (140 → 153
 * in bookworm), and Puppeteer sends the BiDi commands of the newest Firefox. A
 * command an older ESR lacks is tolerated where the test does not need it, and
 * otherwise fails with one message that names both versions.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import puppeteer, { ProtocolError, type Browser, type JSHandle, type Page } from 'puppeteer-core';

export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const puppeteerVersion = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('puppeteer-core/package.json'), 'utf8')) as {
    version: string;
  }
).version;

export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    extraPrefsFirefox: {
      // Keep the run quiet and local: no update checks, telemetry or remote settings.
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      // Phones draw scrollbars over the page; a classic 12 px bar would make a 390 px screen 378 px wide.
      'ui.useOverlayScrollbars': 1,
    },
  });
}

/** The BiDi command a ProtocolError names when the browser does not implement it, else null. */
export function unknownCommand(error: unknown): string | null {
  if (!(error instanceof ProtocolError) || !/unknown command/i.test(error.message)) return null;
  return /\(([\w.]+)\)/.exec(error.message)?.[1] ?? 'a WebDriver BiDi command';
}

function versionError(page: Page, command: string, detail: string): Promise<Error> {
  return page
    .browser()
    .version()
    .catch(() => 'unknown')
    .then(
      (firefox) =>
        new Error(
          `${firefox} at ${firefoxPath} does not implement ${command}, which puppeteer-core ${puppeteerVersion} ` +
            `sends to ${detail}. The suite is known to pass with Firefox ESR 153.8 (README, "Browsers"): ` +
            'install it (apt-get install firefox-esr) or set FIREFOX_PATH to a Firefox as new.',
        ),
    );
}

/**
 * Sizes the page's viewport. Puppeteer sends the size and a portrait/landscape
 * override together; Firefox ESR 140 knows only the first. The size is what the
 * tests need, so an unknown orientation command passes once the size has taken effect.
 */
export async function setViewportSize(page: Page, width: number, height: number): Promise<void> {
  try {
    await page.setViewport({ width, height });
    return;
  } catch (error) {
    const command = unknownCommand(error);
    if (command === null) throw error;
    if (command !== 'emulation.setScreenOrientationOverride') throw await versionError(page, command, 'size a page');
  }
  // The size command went out beside the failed one; its answer may still be on the way.
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [w, h] = await page.evaluate(() => [window.innerWidth, window.innerHeight]);
    if (w === width && h === height) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw await versionError(page, 'emulation.setScreenOrientationOverride', `size a page to ${width}×${height}`);
}

/**
 * Switches the page's own network off or on (`navigator.onLine`, the `offline`
 * event, the worker's fetches). Firefox ESR 140 lacks the BiDi command for it,
 * and the offline tests mean nothing without it: say so, with the versions.
 */
export async function setPageOffline(page: Page, offline: boolean): Promise<void> {
  try {
    await page.setOfflineMode(offline);
  } catch (error) {
    const command = unknownCommand(error);
    if (command === null) throw error;
    throw await versionError(page, command, `switch a page ${offline ? 'off' : 'on'}line`);
  }
}

/**
 * Waits until `predicate`, run in the page with `args`, returns something truthy, and
 * returns that. Unlike `page.waitForFunction`, it polls from here with one
 * `script.callFunction` per try: Puppeteer's in-page poller builds its predicate with
 * `new Function`, which Firefox ESR 140 lets the page's Content-Security-Policy block.
 * A try that meets a navigation in progress counts as not yet.
 */
export async function waitInPage<Args extends unknown[]>(
  page: Page,
  predicate: (...args: Args) => unknown,
  options: { polling?: number; timeout?: number } = {},
  ...args: Args
): Promise<JSHandle> {
  const timeout = options.timeout ?? page.getDefaultTimeout();
  const deadline = Date.now() + timeout;
  let lastError: unknown = null;
  for (;;) {
    try {
      const handle = await page.evaluateHandle(predicate as (...a: unknown[]) => unknown, ...args);
      if (await handle.evaluate((value) => Boolean(value))) return handle;
      await handle.dispose();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline)
      throw new Error(`Waiting failed: ${timeout} ms exceeded`, lastError ? { cause: lastError } : undefined);
    await new Promise((resolve) => setTimeout(resolve, options.polling ?? 100));
  }
}

/** A page in its own browser context (own storage), sized like a phone when asked. */
export async function openPage(browser: Browser, phone = false): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (phone) await setViewportSize(page, 390, 844);
  else await setViewportSize(page, 1280, 800);
  return page;
}
