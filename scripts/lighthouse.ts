/**
 * `npx tsx scripts/lighthouse.ts`: Lighthouse itself, so the numbers the
 * product issue asks for (decision 005: every Lighthouse score 1.0, LCP within
 * 1.2 × the no-JS page) come from the tool that defines them and not from an
 * approximation of it.
 *
 * Mobile preset (Lighthouse's default form factor and simulated throttling),
 * because that is the visitor the budget protects, and simulation makes the
 * numbers depend far less on how busy this machine is. Median of 3 runs, each in a fresh Chrome,
 * because single Lighthouse runs swing by several points. The site is served
 * by the production `staticSite` handler behind the production security
 * headers, so compression, caching and CSP are what users get — a change to
 * the server shows up here without touching this file.
 *
 * Every page is also measured as a copy with every script removed: that is
 * the physical limit for this content, and the LCP ratio against it shows
 * what the JavaScript costs rather than what the network or the machine does.
 * The ratio that gates is taken under DevTools throttling (same mobile network
 * and 4× CPU, applied for real), as architecture §8 advises: the simulation estimates
 * LCP from the requests that happened to finish before the paint of an
 * unthrottled load, so the manifest and icon requests both variants make flip
 * it between two values ~200 ms apart from run to run. The simulated ratio is
 * printed too.
 *
 * ROAMLY_DIST picks the build (default dist), CHROME_PATH the browser (default
 * /usr/bin/chromium), RUNS the number of runs, LH_ROUTES=/,/about,… the routes; LH_REPORTS=dir keeps every
 * run's report as JSON (open it in https://googlechrome.github.io/lighthouse/viewer/).
 * Exits 1 when a target is missed.
 */
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import { filesUnder, precompressFile } from './precompress-plugin.ts';
import { distDir, serveDist, type StaticSite } from './size-server.ts';
import { loadLighthouse, type LighthouseResult as Result } from './support/measuring-tools.ts';

const ROUTES = process.env.LH_ROUTES?.split(',') ?? ['/', '/faq', '/privacy'];
const RUNS = Number(process.env.RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Scores count as Lighthouse shows them: 0.995 is a 100. */
const belowTarget = (score: number) => Math.round(score * 100) < 100;
const LCP_RATIO_TARGET = 1.2;
const MAX_RETRIES = 2;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const REPORTS = process.env.LH_REPORTS ? resolve(process.env.LH_REPORTS) : null;

type Variant = 'built' | 'no-JS';
type Throttling = 'simulate' | 'devtools';

function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

/**
 * A copy of the build whose HTML has no scripts. The build's compressed
 * siblings of each page are rewritten from the stripped HTML the way the build
 * writes them, so both variants travel equally small.
 */
async function noJsCopy(dist: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'roamly-nojs-'));
  await cp(dist, dir, { recursive: true, preserveTimestamps: true });
  for (const file of await filesUnder(dir)) {
    if (!file.endsWith('.html')) continue;
    await writeFile(file, stripScripts(await readFile(file, 'utf8')));
    await precompressFile(file);
  }
  return dir;
}

/**
 * One Lighthouse run in its own Chrome (fresh profile: no cache, no service
 * worker). A run can fail on its own (NO_NAVSTART and the like, a trace
 * recording hiccup): the caller retries those.
 */
const lighthouse = await loadLighthouse();

async function runLighthouse(url: string, throttling: Throttling): Promise<Result> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      // The DevTools pass only needs the paint metrics.
      onlyCategories: throttling === 'simulate' ? [...CATEGORIES] : ['performance'],
      throttlingMethod: throttling,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) return lhr;
    const { formFactor, throttlingMethod } = lhr.configSettings;
    if (formFactor !== 'mobile' || throttlingMethod !== throttling) {
      throw new Error(
        `Expected the mobile preset with ${throttling} throttling, got ${formFactor} / ${throttlingMethod}`,
      );
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP', format: (v: number) => `${Math.round(v)}` },
  { id: 'largest-contentful-paint', label: 'LCP', format: (v: number) => `${Math.round(v)}` },
  { id: 'total-blocking-time', label: 'TBT', format: (v: number) => `${Math.round(v)}` },
  { id: 'cumulative-layout-shift', label: 'CLS', format: (v: number) => v.toFixed(3) },
  { id: 'speed-index', label: 'SI', format: (v: number) => `${Math.round(v)}` },
] as const;

interface Row {
  route: string;
  variant: Variant;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<(typeof METRICS)[number]['id'], number>;
  runs: Result[];
}

function summarise(route: string, variant: Variant, runs: Result[]): Row {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, median(runs.map((lhr) => lhr.categories[id]?.score ?? 0))]),
  ) as Row['scores'];
  const metrics = Object.fromEntries(
    METRICS.map(({ id }) => [id, median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN))]),
  ) as Row['metrics'];
  return { route, variant, scores, metrics, runs };
}

/** Audits that cost points in a category, with what each failing run measured. */
function failingAudits(row: Row, category: (typeof CATEGORIES)[number]): string[] {
  const failed = new Map<string, { weight: number; title: string; values: string[] }>();
  for (const lhr of row.runs) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode)) continue;
      const isError = audit.scoreDisplayMode === 'error';
      if (!isError && (audit.score === null || audit.score >= 1)) continue;
      const value = isError
        ? `error: ${audit.errorMessage ?? '?'}`
        : `${audit.displayValue ? `${audit.displayValue}, ` : ''}score ${audit.score?.toFixed(2)}`;
      const entry = failed.get(audit.id) ?? { weight: ref.weight, title: audit.title, values: [] };
      entry.values.push(value);
      failed.set(audit.id, entry);
    }
  }
  return [...failed.entries()]
    .sort(([, a], [, b]) => b.weight - a.weight || b.values.length - a.values.length)
    .map(
      ([id, f]) =>
        `weight ${f.weight}, ${f.values.length}/${row.runs.length} runs: ${id} — ${f.title} — ${f.values.join(' | ')}`,
    );
}

function tableItems<T>(lhr: Result, auditId: string): T[] {
  return ((lhr.audits[auditId]?.details as { items?: unknown[] } | undefined)?.items ?? []) as T[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  priority?: string;
  transferSize?: number;
  networkEndTime?: number;
}

/**
 * The requests Lighthouse's simulation charges to LCP: all that finished
 * before the LCP of the unthrottled load it recorded, whatever their priority
 * (a module script cannot prove it was not needed for the paint).
 */
function requestsBeforeLcp(lhr: Result): NetworkItem[] {
  const observed =
    tableItems<{ observedLargestContentfulPaint?: number }>(lhr, 'metrics')[0]?.observedLargestContentfulPaint ?? 0;
  return tableItems<NetworkItem>(lhr, 'network-requests').filter(
    (request) => !request.url.startsWith('data:') && (request.networkEndTime ?? Infinity) <= observed,
  );
}

/** The run whose LCP is the median one: its details explain the median. */
const medianRun = (row: Row) =>
  row.runs.find(
    (lhr) => lhr.audits['largest-contentful-paint']?.numericValue === row.metrics['largest-contentful-paint'],
  ) ?? row.runs[0]!;

const dist = distDir();
await stat(join(dist, 'index.html')).catch(() => {
  throw new Error(`No build in ${dist}: run npm run build (or set ROAMLY_DIST).`);
});
if (REPORTS) await mkdir(REPORTS, { recursive: true });
const bareDir = await noJsCopy(dist);
const sites: Record<Variant, StaticSite> = { built: await serveDist(dist), 'no-JS': await serveDist(bareDir) };
const rows: Row[] = [];
/** Median LCP under DevTools throttling, per route and variant. */
const paintLcp = new Map<string, number>();
const warnings = new Set<string>();
/** RUNS Lighthouse runs of one page, each retried after a runtime error. */
async function measure(route: string, variant: Variant, throttling: Throttling): Promise<Result[]> {
  const runs: Result[] = [];
  for (let run = 1; run <= RUNS; run++) {
    process.stderr.write(`Lighthouse ${route} ${variant} ${throttling} run ${run}/${RUNS}…\n`);
    let lhr = await runLighthouse(sites[variant].origin + route, throttling);
    for (let retry = 1; lhr.runtimeError && retry <= MAX_RETRIES; retry++) {
      warnings.add(`${route} ${variant} ${throttling}: run ${run} retried after ${lhr.runtimeError.code}`);
      lhr = await runLighthouse(sites[variant].origin + route, throttling);
    }
    if (lhr.runtimeError) throw new Error(`${route} ${variant}: ${lhr.runtimeError.message}`);
    if (REPORTS) {
      const name = `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}-${variant}-${throttling}-${run}.json`;
      await writeFile(join(REPORTS, name), JSON.stringify(lhr));
    }
    for (const warning of lhr.runWarnings) warnings.add(`${route} ${variant}: ${String(warning)}`);
    runs.push(lhr);
  }
  return runs;
}
try {
  for (const route of ROUTES) {
    for (const variant of ['built', 'no-JS'] as const) {
      rows.push(summarise(route, variant, await measure(route, variant, 'simulate')));
      const lcps = (await measure(route, variant, 'devtools')).map(
        (lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      );
      paintLcp.set(`${route} ${variant}`, median(lcps));
    }
  }
} finally {
  await Promise.all(Object.values(sites).map((site) => site.close()));
  await rm(bareDir, { recursive: true, force: true });
}

const lhVersion = rows[0]?.runs[0]?.lighthouseVersion ?? '?';
console.log(`\nLighthouse ${lhVersion}, mobile preset, median of ${RUNS} runs per page and variant; ms unless noted.`);
console.log(
  `Targets: every score of the built site 1.00; LCP ≤ ${LCP_RATIO_TARGET} × the no-JS copy under DevTools throttling.\n`,
);
console.log('Scores and metrics (simulated throttling, the preset default):\n');
const header = ['route', 'variant', 'perf', 'a11y', 'bp', 'seo', ...METRICS.map((m) => m.label), 'LCP ratio'];
const widths = [10, 8, 5, 5, 5, 5, 6, 6, 5, 6, 6, 10];
const line = (cells: string[], columns = widths) =>
  cells
    .map((cell, i) => cell.padEnd(columns[i]!))
    .join(' ')
    .trimEnd();
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
const misses: string[] = [];
const simulatedOver: Row[] = [];
for (const row of rows) {
  const bare = rows.find((other) => other.route === row.route && other.variant === 'no-JS')!;
  const ratio = row.metrics['largest-contentful-paint'] / bare.metrics['largest-contentful-paint'];
  console.log(
    line([
      row.route,
      row.variant,
      ...CATEGORIES.map((id) => row.scores[id].toFixed(2)),
      ...METRICS.map(({ id, format }) => format(row.metrics[id])),
      row.variant === 'built' ? `${ratio.toFixed(2)}×` : '',
    ]),
  );
  if (row.variant !== 'built') continue;
  if (ratio > LCP_RATIO_TARGET) simulatedOver.push(row);
  for (const id of CATEGORIES) {
    if (belowTarget(row.scores[id])) misses.push(`${row.route}: ${id} ${row.scores[id].toFixed(2)}`);
  }
}

console.log('\nPaint (DevTools throttling: the same network and CPU, applied for real):\n');
const paintWidths = [10, 10, 10, 10];
console.log(line(['route', 'LCP built', 'LCP no-JS', 'ratio'], paintWidths));
console.log(
  line(
    paintWidths.map((w) => '-'.repeat(w)),
    paintWidths,
  ),
);
for (const route of ROUTES) {
  const built = paintLcp.get(`${route} built`) ?? Number.NaN;
  const bare = paintLcp.get(`${route} no-JS`) ?? Number.NaN;
  const ratio = built / bare;
  const over = !(ratio <= LCP_RATIO_TARGET);
  console.log(
    line(
      [route, `${Math.round(built)}`, `${Math.round(bare)}`, `${ratio.toFixed(2)}×${over ? ' OVER' : ''}`],
      paintWidths,
    ),
  );
  if (over) misses.push(`${route}: LCP ${ratio.toFixed(2)} × the no-JS copy`);
}

for (const row of simulatedOver) {
  const bare = rows.find((other) => other.route === row.route && other.variant === 'no-JS')!;
  const bareUrls = new Set(bare.runs.flatMap((lhr) => requestsBeforeLcp(lhr).map((r) => new URL(r.url).pathname)));
  console.log(
    `\n${row.route}: the simulated LCP ratio is over ${LCP_RATIO_TARGET} — requests that finished before the observed LCP` +
      ` in the median run, which the simulation counts as needed for it (* = not in the no-JS copy):`,
  );
  for (const request of requestsBeforeLcp(medianRun(row))) {
    const path = new URL(request.url).pathname;
    const size = `${((request.transferSize ?? 0) / 1024).toFixed(1)} KiB`;
    console.log(`  ${bareUrls.has(path) ? ' ' : '*'} ${path} ${request.resourceType} ${request.priority} ${size}`);
  }
}

for (const row of rows) {
  const low = CATEGORIES.filter((id) => belowTarget(row.scores[id]));
  for (const category of low) {
    console.log(
      `\n${row.route} (${row.variant}) ${category} ${row.scores[category].toFixed(2)} — audits losing points:`,
    );
    const audits = failingAudits(row, category);
    for (const audit of audits) console.log(`  ${audit}`);
    if (!audits.length) console.log('  (no single audit below 1: see the reports, LH_REPORTS=dir)');
  }
}
if (warnings.size) {
  console.log('\nLighthouse warnings:');
  for (const warning of warnings) console.log(`  ${warning}`);
}
console.log(misses.length ? `\nMissed targets:\n  ${misses.join('\n  ')}` : '\nAll targets met.');
process.exit(misses.length ? 1 : 0);
