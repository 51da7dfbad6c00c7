/**
 * What a first visit to one page costs, counted one way for every budget
 * (the public pages in scripts/size.ts, the listing pages in
 * scripts/listing-budgets.ts): the page loaded once in a fresh Chromium
 * context with the service worker blocked (its background precache is not the
 * page's cost), every script and stylesheet the page itself fetched from its
 * origin, sized from the build, plus what the HTML carries inline — the boot
 * script (server/http/page-boot-script.ts; JSON-LD is data, not script) and
 * the stylesheet (vite.config.ts inlines it). All gzip -9.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** Decision 005, for public and listing pages alike: a first visit's JavaScript, gzip. */
export const JS_BUDGET = 100 * 1024;

export interface FirstVisit {
  /** The page's HTML as the server sent it. */
  html: string;
  /** Paths of the scripts and of the stylesheets the page fetched. */
  js: string[];
  css: string[];
  /** gzip -9 bytes of the fetched files plus the inline code (0 when there is none). */
  jsBytes: number;
  cssBytes: number;
  inlineJsBytes: number;
  inlineCssBytes: number;
}

export const gzipSize = (data: string | Buffer): number => gzipSync(data, { level: 9 }).length;

const fileSizes = new Map<string, number>();
function fileGzipSize(dist: string, pathname: string): number {
  const file = join(dist, pathname);
  let size = fileSizes.get(file);
  if (size === undefined) {
    size = gzipSize(readFileSync(file));
    fileSizes.set(file, size);
  }
  return size;
}

const inlineSize = (html: string, element: RegExp): number => {
  const code = [...html.matchAll(element)].map((match) => match[1] ?? '').join('');
  return code ? gzipSize(code) : 0;
};

/** Loads `url` once as a first visit; `dist` is the build its files are sized from. */
export async function measureFirstVisit(browser: Browser, url: string, dist: string): Promise<FirstVisit> {
  const origin = new URL(url).origin;
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('response', (response) => {
      const fetched = new URL(response.url());
      if (fetched.origin === origin && /\.(m?js|css)$/.test(fetched.pathname)) files.add(fetched.pathname);
    });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    // The app starts on the first interaction (server/http/page-boot-script.ts): what it then
    // loads is part of the visit, so point at the page and wait for the network to go quiet again.
    await page.mouse.move(1, 1);
    await quietNetwork(() => files.size);
    return tally((await response?.text()) ?? '', [...files], dist);
  } finally {
    await context.close();
  }
}

/** Resolves once `count()` has not changed for a second (networkidle's quiet window), or after 15 s. */
async function quietNetwork(count: () => number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const now = count();
    if (now !== last) [last, stableSince] = [now, Date.now()];
    else if (Date.now() - stableSince >= 1000) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function tally(html: string, files: string[], dist: string): FirstVisit {
  const js = files.filter((file) => /\.m?js$/.test(file));
  const css = files.filter((file) => file.endsWith('.css'));
  const inlineJsBytes = inlineSize(html, /<script(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g);
  const inlineCssBytes = inlineSize(html, /<style>([\s\S]*?)<\/style>/g);
  const filesSize = (list: string[]) => list.reduce((sum, file) => sum + fileGzipSize(dist, file), 0);
  return {
    html,
    js,
    css,
    jsBytes: filesSize(js) + inlineJsBytes,
    cssBytes: filesSize(css) + inlineCssBytes,
    inlineJsBytes,
    inlineCssBytes,
  };
}
