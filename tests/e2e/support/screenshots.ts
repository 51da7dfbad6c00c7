/**
 * Screenshots for a person to look at, written only when E2E_SCREENSHOTS
 * names a folder (`E2E_SCREENSHOTS=.tmp/shots npx playwright test …`). They
 * assert nothing, and in CI, where nobody opens them, the full-page PNGs of
 * the accessibility spec cost 12 of its 94 CPU-seconds.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export async function lookAt(page: Page, name: string, fullPage = true): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage });
}
