import { expect, type Locator } from '@playwright/test';

/**
 * Resolves once React has hydrated `element`. Until then a click on a link is
 * a full page load the router never sees, and on a busy machine "networkidle"
 * comes before the app has booted. React marks the DOM nodes it owns with a
 * `__reactProps$…` key; it has done so since React 17. A first visit starts the
 * app on the first interaction (server/http/page-boot-script.ts), so the pointer
 * goes to the element first, as a visitor's would.
 */
export async function hydrated(element: Locator): Promise<void> {
  await element.hover();
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), {
      timeout: 20_000,
    })
    .toBe(true);
}
