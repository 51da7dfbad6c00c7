/**
 * `npx tsx scripts/bench/slow-phone-journey.ts [--outage-seconds 180] [--runs 3] [--outages 1]
 *   [--timeline] [--before <dist of an older build>] [--server-root <checkout>]`
 *
 * The promoter's dashboard on a slow phone, timed through the real UI: Debian's Chromium
 * (playwright-core), a 390×844 touch viewport, Chrome DevTools' "Slow 4G" preset
 * (Network.emulateNetworkConditions: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up)
 * and a 4× CPU slowdown (Emulation.setCPUThrottlingRate). Per build it prints:
 *
 * - tap Save on an edit → the editor dialog is gone (target ≤ 300 ms);
 * - tap Publish on a new event → the dialog is gone (target ≤ 300 ms);
 * - tap Edit → the editor is open (≤ 1 s); tap Insights → its dialog is open (≤ 1 s);
 * - cold start of /dashboard/events until the first card shows: with the service worker
 *   installed (≤ 3 s) and with none (cold HTTP cache);
 * - outage recovery: the server process is stopped for real (the worker's own fetches do
 *   not see the browser's offline switch), three edits are saved meanwhile, the server is
 *   started again on the same port and data; the time from its first healthy answer until
 *   no card says "Pending sync" any more (≤ 5 s).
 *
 * `--before` adds a column for another build's dist (e.g. `git worktree add /tmp/before
 * <commit>` and `ROAMLY_DIST=/tmp/before/dist npx vite build` there), served by the same
 * server, so one run prints both. The server is this checkout's sources through tsx
 * (`--server-root` another checkout's), each build with a new data directory, seeded with
 * the demo accounts. Medians of `--runs` taps and cold starts, with their spread (min–max);
 * the outage `--outages` times per build (each with its own three saves), median and spread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Locator, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../tests/e2e/support/browser.ts';
import { freePort } from '../../tests/e2e/support/server-process.ts';

const { values: flags } = parseArgs({
  options: {
    'outage-seconds': { type: 'string', default: '180' },
    runs: { type: 'string', default: '3' },
    outages: { type: 'string', default: '1' },
    timeline: { type: 'boolean', default: false },
    before: { type: 'string' },
    after: { type: 'string' },
    'server-root': { type: 'string' },
  },
});
const outageSeconds = Number(flags['outage-seconds']);
const runs = Math.max(1, Number(flags.runs));
const outages = Math.max(1, Number(flags.outages));
const serverRoot = resolve(flags['server-root'] ?? join(import.meta.dirname, '../..'));
const afterDist = resolve(flags.after ?? process.env.ROAMLY_DIST ?? 'dist');

/** Chrome DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts, renamed from "Fast 3G" in 2024). */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const PASSWORD = 'demo-password-1';
const EMAIL = 'promoter@example.com';

interface Server {
  baseURL: string;
  stop(): Promise<void>;
}

/** The server on a fixed port and data directory, so a restart is the same origin with the same data. */
async function startServerAt(port: number, dataDir: string, dist: string): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, 'server/index.ts')], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ROAMLY_DIST: dist,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (log.length < 20_000) log += chunk.toString();
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${log}`);
    if (await healthy(baseURL)) break;
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${log}`);
    await sleep(100);
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

async function healthy(baseURL: string): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/api/health`)).ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function slowPhone(page: Page): Promise<CDPSession> {
  // tsx keeps function names with a `__name` helper, which the page's copy of our callbacks lacks.
  await page.addInitScript('globalThis.__name ??= (f) => f');
  await page.evaluate('globalThis.__name ??= (f) => f');
  // The journey's page lives for minutes (a probe a second during an outage): keep every timing for --timeline.
  await page.addInitScript('performance.setResourceTimingBufferSize(100000)');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

async function logIn(context: BrowserContext, baseURL: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseURL}/login`);
  const panel = page.getByRole('dialog', { name: 'Site menu' });
  await panel.getByLabel('Email').fill(EMAIL);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  await page.locator('header').getByRole('button', { name: 'Logout' }).waitFor();
  await page.close();
}

/**
 * ms from the tap (the click event's own time stamp) to the frame in which the dialog whose
 * label starts with `label` is open (with its first field) or gone, measured in the page:
 * what the person sees, without the driver's round trips (which the 4× CPU slowdown also slows).
 */
async function tapTimed(page: Page, tap: Locator, label: string, state: 'open' | 'closed'): Promise<number> {
  await page.evaluate(
    ({ label, state }) => {
      const w = window as unknown as { __tapAt?: number; __seen?: Promise<number> };
      delete w.__tapAt;
      document.addEventListener('click', (event) => (w.__tapAt ??= event.timeStamp), { capture: true, once: true });
      w.__seen = new Promise<number>((resolve) => {
        const check = () => {
          const dialog = [...document.querySelectorAll('dialog[open]')].find((d) =>
            (d.getAttribute('aria-label') ?? '').startsWith(label),
          );
          const seen = state === 'closed' ? !dialog : dialog?.querySelector('input, h2, figure') != null;
          if (w.__tapAt !== undefined && seen) resolve(performance.now() - w.__tapAt);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    },
    { label, state },
  );
  await tap.click();
  return page.evaluate(() => (window as unknown as { __seen: Promise<number> }).__seen);
}

const ms = (value: number) => (Number.isNaN(value) ? 'not sent' : `${Math.round(value)} ms`);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const cards = (page: Page) => page.locator('article.event-card');
const pendingBadges = (page: Page) => page.locator('.sync-badge--pending, .sync-badge--sending');

/** Opens the Events screen and waits until its cards are listed and the idle prefetch had its moment. */
async function openEvents(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/dashboard/events`);
  await cards(page).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/** Edits the description of the card titled `title` and taps Save; the time until the dialog is gone. */
async function saveEdit(page: Page, title: string, text: string): Promise<number> {
  const card = page.getByRole('article', { name: title, exact: true });
  await card.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  await dialog.waitFor();
  await dialog.getByLabel('Description').fill(text);
  const ms = await tapTimed(
    page,
    dialog.getByRole('button', { name: /^(Save|Publish|Schedule)$/ }),
    'Edit event',
    'closed',
  );
  await dialog.waitFor({ state: 'hidden' });
  return ms;
}

/** The titles of the first `n` cards, publishing new events until there are that many. */
async function cardTitles(page: Page, n: number): Promise<string[]> {
  for (let extra = 0; (await cards(page).count()) < n; extra++) await publishNew(page, 100 + extra);
  await pendingBadges(page).first().waitFor({ state: 'detached', timeout: 60_000 });
  const titles = await cards(page).locator('.event-card__title').allTextContents();
  return titles.slice(0, n);
}

async function publishNew(page: Page, n: number): Promise<number> {
  await page
    .getByRole('button', { name: /New event/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.waitFor();
  await dialog.getByLabel('Title').fill(`Slow phone gig ${n}`);
  const ms = await tapTimed(page, dialog.getByRole('button', { name: 'Publish' }), 'New event', 'closed');
  await dialog.waitFor({ state: 'hidden' });
  return ms;
}

async function openEditor(page: Page): Promise<number> {
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  const edit = cards(page).first().getByRole('button', { name: 'Edit', exact: true });
  const ms = await tapTimed(page, edit, 'Edit event', 'open');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return ms;
}

async function openInsights(page: Page): Promise<number> {
  const card = cards(page).first();
  const dialog = page.getByRole('dialog', { name: /^Insights/ });
  const ms = await tapTimed(page, card.getByRole('button', { name: 'Insights' }), 'Insights', 'open');
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return ms;
}

/** A new tab of a context that is signed in: ms from the navigation's start until the first card is on screen. */
async function coldStart(context: BrowserContext, baseURL: string): Promise<number> {
  const page = await context.newPage();
  try {
    const cdp = await slowPhone(page);
    await cdp.send('Network.clearBrowserCache');
    await page.addInitScript(() => {
      const w = window as unknown as { __firstCard?: Promise<number> };
      w.__firstCard = new Promise((resolve) => {
        const check = () => {
          if (document.querySelector('article.event-card')) resolve(performance.now());
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    });
    await page.goto(`${baseURL}/dashboard/events`, { waitUntil: 'commit' });
    await cards(page).first().waitFor({ timeout: 60_000 });
    return await page.evaluate(() => (window as unknown as { __firstCard: Promise<number> }).__firstCard);
  } finally {
    await page.close();
  }
}

/** Every sample of each step (NaN: an outage whose writes were not all sent in 2 minutes). */
/**
 * `--timeline`: the API requests the page made around the server's return, in ms from the
 * moment it answered (the page's resource timings: start → end of each).
 */
async function printTimeline(page: Page, answeringAt: number): Promise<void> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        start: performance.timeOrigin + entry.startTime,
        end: performance.timeOrigin + (entry as PerformanceResourceTiming).responseEnd,
      })),
  );
  for (const { path, start, end } of entries) {
    if (end < answeringAt - 3_000) continue;
    process.stdout.write(`    ${Math.round(start - answeringAt)} → ${Math.round(end - answeringAt)} ms  ${path}\n`);
  }
}

interface Figures {
  save: number[];
  publish: number[];
  editor: number[];
  insights: number[];
  coldWorker: number[];
  coldNone: number[];
  recovery: number[];
}

async function measureBuild(browser: Browser, dist: string): Promise<Figures> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'roamly-slow-phone-'));
  let server = await startServerAt(port, dataDir, dist);
  const { baseURL } = server;
  const context = await browser.newContext(PHONE);
  try {
    await logIn(context, baseURL);
    // Install the worker and let it take the page (precache fills while the network is fast).
    const warm = await context.newPage();
    await warm.goto(`${baseURL}/dashboard/events`);
    await warm.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A worker takes the pages loaded after it activated.
    await warm.reload();
    await warm.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    await warm.close();

    const page = await context.newPage();
    await slowPhone(page);
    await openEvents(page, baseURL);
    const figures: Partial<Figures> = {};
    const editor: number[] = [];
    const insights: number[] = [];
    const save: number[] = [];
    const publish: number[] = [];
    for (let run = 0; run < runs; run++) {
      editor.push(await openEditor(page));
      insights.push(await openInsights(page));
      const [first] = await cardTitles(page, 1);
      save.push(await saveEdit(page, first!, `Round ${run} on a slow phone.`));
      publish.push(await publishNew(page, run));
      // Let the writes reach the server before the next round.
      await pendingBadges(page).first().waitFor({ state: 'detached', timeout: 60_000 });
    }
    Object.assign(figures, { editor, insights, save, publish });

    const cold: number[] = [];
    for (let run = 0; run < runs; run++) cold.push(await coldStart(context, baseURL));
    figures.coldWorker = cold;

    const bare = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    try {
      await logIn(bare, baseURL);
      const coldNone: number[] = [];
      for (let run = 0; run < runs; run++) coldNone.push(await coldStart(bare, baseURL));
      figures.coldNone = coldNone;
    } finally {
      await bare.close();
    }

    // The outage: the process stops, three edits are saved, then it comes back on the same port and data.
    figures.recovery = [];
    for (let outage = 0; outage < outages; outage++) {
      const titles = await cardTitles(page, 3);
      await server.stop();
      try {
        for (const [n, title] of titles.entries()) await saveEdit(page, title, `Saved during outage ${outage} (${n}).`);
      } catch (error) {
        await page.screenshot({ path: join(tmpdir(), 'slow-phone-outage-failed.png') });
        console.log(`cards: ${await cards(page).count()}`);
        throw error;
      }
      const pending = await pendingBadges(page).count();
      process.stdout.write(`  (server stopped: ${pending} cards pending, waiting ${outageSeconds} s)\n`);
      await sleep(outageSeconds * 1000);
      server = await startServerAt(port, dataDir, dist);
      const answering = performance.now();
      const answeringAt = Date.now();
      await pendingBadges(page)
        .first()
        .waitFor({ state: 'detached', timeout: 120_000 })
        .catch(() => undefined);
      const recovered = (await pendingBadges(page).count()) === 0 ? performance.now() - answering : Number.NaN;
      process.stdout.write(`  (answering → all sent: ${ms(recovered)})\n`);
      if (flags.timeline) await printTimeline(page, answeringAt);
      figures.recovery.push(recovered);
    }
    await page.close();
    return figures as Figures;
  } finally {
    await context.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const builds: { name: string; dist: string }[] = [
  ...(flags.before ? [{ name: 'before', dist: resolve(flags.before) }] : []),
  { name: flags.before ? 'after' : 'this build', dist: afterDist },
];

console.log(
  `Slow-phone journey: Chromium ${390}×${844} touch, Slow 4G (${SLOW_4G.latency} ms, ` +
    `${(SLOW_4G.downloadThroughput * 8) / 1e6} Mbit/s down, ${(SLOW_4G.uploadThroughput * 8) / 1e3} kbit/s up), ` +
    `CPU ${CPU_SLOWDOWN}× slower, median of ${runs} (min–max); ${outages} outage(s) of ${outageSeconds} s, ` +
    `3 saves queued in each\n`,
);
const browser = await chromium.launch(chromiumLaunchOptions);
const results: Figures[] = [];
try {
  for (const build of builds) {
    console.log(`measuring ${build.name} (${build.dist}) …`);
    results.push(await measureBuild(browser, build.dist));
  }
} finally {
  await browser.close();
}

const rows: { label: string; key: keyof Figures; target: number | null }[] = [
  { label: 'tap Save → dialog closed', key: 'save', target: 300 },
  { label: 'tap Publish → dialog closed', key: 'publish', target: 300 },
  { label: 'tap Edit → editor open', key: 'editor', target: 1000 },
  { label: 'tap Insights → dialog open', key: 'insights', target: 1000 },
  { label: 'cold start, service worker', key: 'coldWorker', target: 3000 },
  { label: 'cold start, no worker', key: 'coldNone', target: null },
  { label: 'outage: answering → all sent', key: 'recovery', target: 5000 },
];
/** The median, then the spread when there is more than one sample: `412 ms (380–455)`. */
const cell = (values: number[]) => {
  const middle = ms(median(values));
  if (values.length < 2) return middle;
  const sent = values.filter((value) => !Number.isNaN(value));
  const spread = sent.length === 0 ? '' : `${Math.round(Math.min(...sent))}–${Math.round(Math.max(...sent))}`;
  return `${middle} (${spread}${sent.length < values.length ? ', some not sent' : ''})`;
};
console.log(`\n${'step'.padEnd(32)}${builds.map((b) => b.name.padStart(24)).join('')}${'target'.padStart(10)}`);
for (const row of rows) {
  const cells = results.map((r) => cell(r[row.key]).padStart(24)).join('');
  const last = median(results.at(-1)?.[row.key] ?? []);
  const verdict = row.target === null ? '' : Number.isNaN(last) || last > row.target ? '  ✗' : '  ✓';
  console.log(
    `${row.label.padEnd(32)}${cells}${(row.target === null ? '—' : `≤ ${row.target}`).padStart(10)}${verdict}`,
  );
}
if (results.length === 2) {
  const [before, after] = results as [Figures, Figures];
  const ratio = (key: keyof Figures) => (median(before[key]) / median(after[key])).toFixed(1);
  console.log(
    `\nSave ${ratio('save')}× faster to close, Publish ${ratio('publish')}×, cold start with the worker ` +
      `${ratio('coldWorker')}×, outage recovery ${ratio('recovery')}× (before ÷ after, medians)`,
  );
}
