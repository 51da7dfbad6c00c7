/**
 * Playwright cannot download its own browsers here: tests and scripts drive
 * Debian's Chromium packages (installed by scripts/ensure-browser.mjs).
 *
 * - /usr/bin/chromium, the whole browser: Lighthouse, screenshots, size and
 *   budget scripts, and the specs that depend on the whole browser's input
 *   model (playwright.config.ts, `wholeBrowserSpecs`).
 * - /usr/bin/chromium-headless-shell, the same engine without the browser
 *   around it: the rest of the Playwright suite. It is what Playwright itself
 *   runs for headless tests, and it costs a quarter less CPU on a two-core CI
 *   host (decision 016).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumShellPath = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const chromiumLaunchOptions = { executablePath: chromiumPath, args };
export const chromiumShellLaunchOptions = { executablePath: chromiumShellPath, args };
