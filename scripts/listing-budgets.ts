/**
 * `npx tsx scripts/listing-budgets.ts`: what a first visit to a public
 * listing page (`/e/{id}/{slug}`) and to a promoter's page
 * (`/p/{display_name}`: the demo promoter's, with its events) costs, measured like the public
 * site's pages (scripts/size.ts, scripts/lighthouse.ts): the production app
 * and static handler in-process on a fresh in-memory database with the demo
 * accounts and one event with a cover, served from the build.
 *
 * 1. Size: the page loaded once as a first visit, every script and stylesheet
 *    it fetched plus the inline ones, gzip -9 (scripts/support/first-visit.ts).
 *    Budget: JS ≤ 100 KiB (the page needs none to read; it loads one small
 *    module that keeps it for offline reading).
 * 2. Lighthouse (mobile preset, simulated throttling; RUNS, default 3, median):
 *    the four category scores, and LCP against the same page served with no
 *    script at all (a second app instance given no page scripts).
 *
 * Build first. CHROME_PATH picks the browser (default /usr/bin/chromium);
 * LIGHTHOUSE=0 skips part 2. Exits 1 when a budget is missed.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { launch } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { createApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openDb } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { staticSite } from '../server/http/static-site.ts';
import { readPageScripts } from '../server/pages/page-scripts.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/services/demo-seed.ts';
import { chromiumLaunchOptions } from '../tests/e2e/support/browser.ts';
import { distDir } from './size-server.ts';
import { gzipSize, JS_BUDGET, measureFirstVisit } from './support/first-visit.ts';
import { loadLighthouse } from './support/measuring-tools.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * A cover the size the dashboard uploads (1600×900, JPEG q85) with the detail
 * of a photo (smooth light plus grain), so its bytes are a photo's, not a logo's.
 */
async function photoLikeCover(): Promise<Uint8Array<ArrayBuffer>> {
  const width = 1600;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 48) - 24;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const light = 128 + 100 * Math.sin(x / 180) * Math.cos(y / 140);
      pixels[at] = Math.max(0, Math.min(255, light + 60 + grain()));
      pixels[at + 1] = Math.max(0, Math.min(255, light - 20 + grain()));
      pixels[at + 2] = Math.max(0, Math.min(255, 200 - light / 2 + grain()));
    }
  }
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

const dist = distDir();
const dataDir = mkdtempSync(join(tmpdir(), 'roamly-listing-budget-'));
const db = await openDb({ databaseUrl: null, dataDir: null });
await migrate(db);
await seedDemo(db);

async function start(scripts: readonly string[]) {
  const port = await new Promise<number>((resolvePort) => {
    const probe = serve({ fetch: () => new Response(''), port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      probe.close();
      resolvePort(info.port);
    });
  });
  const config = {
    ...configFromEnv({}),
    port,
    publicUrl: `http://127.0.0.1:${port}`,
    // One folder for both instances: the no-JS twin must serve the same cover.
    dataDir,
    logLevel: 'silent',
    jwtSecret: 'listing-budget-secret-0123456789abcdef',
  };
  const app = createApp({ db, config, listingPageScripts: scripts });
  app.get('*', staticSite(dist));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  return { app, origin: config.publicUrl, close: () => server.close() };
}

const site = await start(readPageScripts(dist, 'listing.html'));
const bare = await start([]);
const login = await site.app.request('/api/auth/login/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'promoter@example.com', password: DEMO_PASSWORD }),
});
const { access } = (await login.json()) as { access: string };
const form = new FormData();
const fields = {
  title: 'Rooftop Jazz & Soul Night',
  bio: 'A live quartet plays standards and soul on the roof terrace as the sun goes down.',
  location_name: 'Camden Town, England, GB',
  latitude: '51.539',
  longitude: '-0.1426',
  start_date: '2026-07-04',
  start_time: '19:30',
  end_time: '23:00',
  event_type: 'music',
  keywords: JSON.stringify(['jazz', 'rooftop']),
  price: '12',
  ticket_url: 'https://tickets.example/rooftop-jazz',
};
for (const [name, value] of Object.entries(fields)) form.append(name, value);
form.append('cover_image', new File([await photoLikeCover()], 'cover.jpg', { type: 'image/jpeg' }));
const created = await site.app.request('/api/events/create/', {
  method: 'POST',
  headers: { Authorization: `Bearer ${access}` },
  body: form,
});
const { id } = (await created.json()) as { id: number };
const paths = [`/e/${id}/rooftop-jazz-soul-night`, '/p/sam.nights'];
let failures = 0;

// 1. Size
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const path of paths) {
    const visit = await measureFirstVisit(browser, site.origin + path, dist);
    console.log(
      `First visit to ${path} (gzip -9): HTML ${kib(gzipSize(visit.html))}, JS ${kib(visit.jsBytes)} (${visit.js.join(', ') || 'none'}), CSS ${kib(visit.cssBytes)} (inline ${kib(visit.inlineCssBytes)})`,
    );
    if (visit.jsBytes > JS_BUDGET) {
      failures++;
      console.log(`  ← JS over the ${kib(JS_BUDGET)} budget`);
    }
  }
} finally {
  await browser.close();
}

// 2. Lighthouse
const lighthouse = process.env.LIGHTHOUSE === '0' ? null : await loadLighthouse();
async function lighthouseRun(url: string) {
  if (!lighthouse) throw new Error('Lighthouse is off (LIGHTHOUSE=0)');
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    return result.lhr;
  } finally {
    chrome.kill();
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const path of process.env.LIGHTHOUSE === '0' ? [] : paths) {
  const results: Record<string, { scores: number[][]; lcp: number[] }> = {};
  for (const [variant, origin] of [
    ['page', site.origin],
    ['no-JS', bare.origin],
  ] as const) {
    const measured: { scores: number[][]; lcp: number[] } = { scores: [], lcp: [] };
    results[variant] = measured;
    for (let run = 0; run < RUNS; run++) {
      // A run can fail on its own (NO_FCP and the like on a busy machine): retry it.
      let lhr = await lighthouseRun(origin + path);
      for (let retry = 0; lhr.runtimeError && retry < 2; retry++) lhr = await lighthouseRun(origin + path);
      measured.scores.push(CATEGORIES.map((c) => lhr.categories[c]?.score ?? 0));
      measured.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
      const metric = (audit: string) => Math.round((lhr.audits[audit]?.numericValue ?? NaN) * 1000) / 1000;
      const shown = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ];
      const items = (
        lhr.audits['network-requests']?.details as { items?: Array<{ url: string; transferSize?: number }> }
      )?.items;
      const covers = (items ?? [])
        .filter((item) => item.url.includes('/api/media/'))
        .map((item) => `${new URL(item.url).search || 'original'} ${kib(item.transferSize ?? 0)}`);
      console.log(
        `  run ${run + 1}: ${shown.map((audit) => `${audit} ${metric(audit)}`).join(', ')}; cover ${covers.join(', ') || 'none'}`,
      );
    }
    const scores = CATEGORIES.map((c, i) => `${c} ${median(measured.scores.map((s) => s[i]!)).toFixed(2)}`);
    console.log(
      `Lighthouse mobile ${path} (${variant}, median of ${RUNS}): ${scores.join(', ')}, LCP ${Math.round(median(measured.lcp))} ms`,
    );
  }
  const ratio = median(results.page!.lcp) / median(results['no-JS']!.lcp);
  console.log(`LCP ratio ${path} page / no-JS: ${ratio.toFixed(2)} (target ≤ 1.20)`);
  const pageScores = CATEGORIES.map((_, i) => median(results.page!.scores.map((s) => s[i]!)));
  if (ratio > 1.2 || pageScores.some((score) => Math.round(score * 100) < 100)) failures++;
}

site.close();
bare.close();
await db.close();
process.exit(failures ? 1 : 0);
