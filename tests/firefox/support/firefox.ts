/**
 * Stock Firefox (Debian's firefox-esr) driven by Puppeteer over WebDriver
 * BiDi: no browser download, no geckodriver. Firefox has no Background Sync,
 * so every outbox trigger these tests see is one of the page's own (`online`,
 * `visibilitychange`, start-up, the retry timer, the poll).
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

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

/** A page in its own browser context (own storage), sized like a phone when asked. */
export async function openPage(browser: Browser, phone = false): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (phone) await page.setViewport({ width: 390, height: 844 });
  else await page.setViewport({ width: 1280, height: 800 });
  return page;
}
