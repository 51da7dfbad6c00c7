/**
 * `npx tsx scripts/size.ts`: what a first visit to each public route costs.
 * Loads every prerendered route once as a first visit and counts its scripts
 * and stylesheets, fetched and inline, gzip -9 (scripts/support/first-visit.ts,
 * shared with the listing pages' budgets). Budgets: JS ≤ 100 KiB,
 * CSS ≤ 15 KiB per route, and no dashboard chunk on a public route. Exits
 * non-zero over budget.
 *
 * Build first (ROAMLY_DIST selects the folder, default dist/).
 */
import { chromium } from 'playwright-core';
import { prerenderPaths } from '../src/content/page-meta.ts';
import { chromiumLaunchOptions } from '../tests/e2e/support/browser.ts';
import { distDir, serveDist } from './size-server.ts';
import { JS_BUDGET, measureFirstVisit } from './support/first-visit.ts';

const CSS_BUDGET = 15 * 1024;
/** Chunks that hold dashboard code (vite.config.ts names them `dash-…`): never on a public route. */
const DASHBOARD_CHUNK = /\/assets\/dash-/;

const dist = distDir();
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB (${bytes} B)`;

const site = await serveDist(dist);
const browser = await chromium.launch(chromiumLaunchOptions);
let failures = 0;
try {
  console.log(`First-visit transfer per route (gzip -9; budgets JS ${kib(JS_BUDGET)}, CSS ${kib(CSS_BUDGET)})\n`);
  console.log('route            JS          CSS        files');
  for (const route of prerenderPaths) {
    const visit = await measureFirstVisit(browser, site.origin + route, dist);
    const dashboard = visit.js.filter((f) => DASHBOARD_CHUNK.test(f));
    const over = visit.jsBytes > JS_BUDGET || visit.cssBytes > CSS_BUDGET || dashboard.length > 0;
    if (over) failures++;
    const names = [
      ...(visit.inlineJsBytes ? ['inline boot'] : []),
      ...visit.js.map((f) => f.replace('/assets/', '').replace(/-[\w-]{8}\.js$/, '')),
    ].join(', ');
    console.log(
      `${route.padEnd(16)} ${kib(visit.jsBytes).padEnd(11)} ${kib(visit.cssBytes).padEnd(10)} ${names}${over ? '  ← OVER BUDGET' : ''}`,
    );
    if (dashboard.length) console.log(`                 dashboard code loaded: ${dashboard.join(', ')}`);
  }
} finally {
  await browser.close();
  await site.close();
}
console.log(failures ? `\n${failures} route(s) over budget` : '\nevery public route is within budget');
process.exit(failures ? 1 : 0);
