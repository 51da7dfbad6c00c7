/**
 * `npx tsx scripts/size.ts`: what a first visit to each public route costs.
 * Loads every prerendered route once in Chromium (a fresh profile, the service
 * worker blocked so its background precache is not counted), records each
 * script and stylesheet the page itself fetched, and sums their gzip -9 sizes
 * from the built files. Budgets (issue 4): JS ≤ 100 KiB, CSS ≤ 15 KiB per
 * route, and no dashboard chunk on a public route. Exits non-zero over budget.
 *
 * Build first (ROAMLY_DIST selects the folder, default dist/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { prerenderPaths } from '../src/content/page-meta.ts';
import { chromiumLaunchOptions } from '../tests/e2e/support/browser.ts';
import { distDir, serveDist } from './size-server.ts';

const JS_BUDGET = 100 * 1024;
const CSS_BUDGET = 15 * 1024;
/** Chunk names that belong to the dashboard and must never load on a public route. */
const DASHBOARD_CHUNK = /dashboard|events-page|profile-page|business-page|outbox-page|places-search/;

const dist = distDir();
const gzipped = new Map<string, number>();
function gzipSize(pathname: string): number {
  let size = gzipped.get(pathname);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, pathname)), { level: 9 }).length;
    gzipped.set(pathname, size);
  }
  return size;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB (${bytes} B)`;

const site = await serveDist(dist);
const browser = await chromium.launch(chromiumLaunchOptions);
let failures = 0;
try {
  console.log(`First-visit transfer per route (gzip -9; budgets JS ${kib(JS_BUDGET)}, CSS ${kib(CSS_BUDGET)})\n`);
  console.log('route            JS          CSS        files');
  for (const route of prerenderPaths) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const files = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === site.origin && /\.(m?js|css)$/.test(url.pathname)) files.add(url.pathname);
    });
    const response = await page.goto(site.origin + route, { waitUntil: 'networkidle' });
    // The global stylesheet is inlined into each page (vite.config.ts): count it too.
    const html = (await response?.text()) ?? '';
    const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('');
    // So is the boot script that loads the app (server/http/page-boot-script.ts).
    const inlineJs = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => match[1] ?? '')
      .join('');
    await context.close();
    const js = [...files].filter((f) => /\.m?js$/.test(f));
    const css = [...files].filter((f) => f.endsWith('.css'));
    const jsBytes =
      js.reduce((sum, f) => sum + gzipSize(f), 0) + (inlineJs ? gzipSync(inlineJs, { level: 9 }).length : 0);
    const cssBytes =
      css.reduce((sum, f) => sum + gzipSize(f), 0) + (inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0);
    const dashboard = js.filter((f) => DASHBOARD_CHUNK.test(f));
    const over = jsBytes > JS_BUDGET || cssBytes > CSS_BUDGET || dashboard.length > 0;
    if (over) failures++;
    if (inlineCss) css.push('inline');
    const names = [
      ...(inlineJs ? ['inline boot'] : []),
      ...js.map((f) => f.replace('/assets/', '').replace(/-[\w-]{8}\.js$/, '')),
    ].join(', ');
    console.log(
      `${route.padEnd(16)} ${kib(jsBytes).padEnd(11)} ${kib(cssBytes).padEnd(10)} ${names}${over ? '  ← OVER BUDGET' : ''}`,
    );
    if (dashboard.length) console.log(`                 dashboard code loaded: ${dashboard.join(', ')}`);
  }
} finally {
  await browser.close();
  await site.close();
}
console.log(failures ? `\n${failures} route(s) over budget` : '\nevery public route is within budget');
process.exit(failures ? 1 : 0);
