/**
 * What a signed-in screen's first load costs: a new page of a context that
 * already holds the session (the tokens live in IndexedDB), the browser cache
 * cleared and no service worker, every script the page fetched from its
 * origin sized from the build (gzip -9) plus the HTML's inline code. Files are
 * counted by what the page fetched, never told apart by name. What the page
 * fetches once its first screen is shown and idle (the editor and dialogs it
 * prefetches, src/components/lazy/prefetch-when-idle.ts) starts after the page's
 * `roamly:idle-prefetch` performance mark: it is reported apart, as `idleFiles`,
 * because nothing on the first screen waits for it. Shared by
 * scripts/dashboard-size.ts and the e2e budget test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { IDLE_PREFETCH_MARK } from '../../src/components/lazy/prefetch-when-idle.ts';
import { gzipSize } from './first-visit.ts';

/**
 * The Events screen's first load, signed in (the dashboard a promoter opens most).
 * 136 KiB (135.3 measured for a business: 134.7 with the Account switcher, then the business
 * tab's count of waiting venue requests and a card's queued cover; loading those two apart
 * measured 0.6 KiB more, the chunks' own cost). The outbox's sending code comes
 * with the first entry to send, workbox-window only once a worker controls the page, and
 * the editor, its dialogs and Insights with the idle prefetch. What is left is React and
 * React Router (89 KiB of the 95.9 KiB app chunk, shared with the public pages), the list's
 * contract check (valibot, the event schema and categories) and the outbox's queue.
 */
export const DASHBOARD_JS_BUDGET = 136 * 1024;

export interface ScreenLoad {
  /** The first load: every script fetched before the page's idle prefetch began. */
  files: { file: string; bytes: number }[];
  jsBytes: number;
  /** Scripts fetched by the idle prefetch (after the mark). */
  idleFiles: { file: string; bytes: number }[];
  idleBytes: number;
}

export async function measureSignedInScreen(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  dist: string,
): Promise<ScreenLoad> {
  const origin = new URL(url).origin;
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const fetched = new Set<string>();
    page.on('response', (response) => {
      const { origin: from, pathname } = new URL(response.url());
      if (from === origin && /\.m?js$/.test(pathname)) fetched.add(pathname);
    });
    const response = await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const html = (await response?.text()) ?? '';
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1] ?? '')
      .join('');
    // When each script's request started, against the mark (absent: nothing was prefetched).
    const timing = await page.evaluate((mark) => {
      const at = performance.getEntriesByName(mark)[0]?.startTime ?? null;
      const started = performance
        .getEntriesByType('resource')
        .map((entry) => [new URL(entry.name).pathname, entry.startTime] as const);
      return { at, started };
    }, IDLE_PREFETCH_MARK);
    const startedAt = new Map(timing.started);
    const idle = (file: string) => timing.at !== null && (startedAt.get(file) ?? 0) >= timing.at;
    const sized = (list: string[]) =>
      list.map((file) => ({ file, bytes: gzipSize(readFileSync(join(dist, file))) })).sort((a, b) => b.bytes - a.bytes);
    const files = sized([...fetched].filter((file) => !idle(file)));
    const idleFiles = sized([...fetched].filter(idle));
    const jsBytes = files.reduce((sum, { bytes }) => sum + bytes, 0) + (inline ? gzipSize(inline) : 0);
    const idleBytes = idleFiles.reduce((sum, { bytes }) => sum + bytes, 0);
    return { files, jsBytes, idleFiles, idleBytes };
  } finally {
    await page.close();
  }
}
