/**
 * Watches, inside the page, for the UI saying a change is saved ("Saved ✓",
 * "All changes saved"), sampling every 50 ms, so a test can check it never
 * said so before the server's answer could have reached the browser.
 */
import type { Page } from 'puppeteer-core';

export async function watchSavedClaims(page: Page): Promise<void> {
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { savedClaims: number[] }).savedClaims = samples;
    setInterval(() => {
      const text = document.body.innerText;
      if (text.includes('Saved ✓') || text.includes('All changes saved')) samples.push(Date.now());
    }, 50);
  });
}

/** The moments (browser clock, same machine) at which the page claimed something was saved. */
export function savedClaims(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { savedClaims: number[] }).savedClaims);
}
