/**
 * Measuring tools, installed on first use: Lighthouse (scripts/lighthouse.ts,
 * scripts/listing-budgets.ts) and autocannon (scripts/bench/api.ts,
 * scripts/bench/insights.ts). The product and its tests never run them, and
 * as devDependencies they brought ~200 packages to every `npm ci` — Lighthouse
 * alone was a quarter of what it unpacked: 47/64 → 39/49 s and 65/97 → 52/74
 * CPU-s without it, alternated on a 2-core host (decision 016). Each tool's own
 * lockfile (scripts/tools/<tool>/) pins its whole tree, installed with `npm ci`
 * into .tmp/tools/<tool> the first time a script asks for it.
 *
 * Only the parts of Lighthouse's result the scripts read are typed here;
 * autocannon's are in scripts/bench/api-autocannon.d.ts.
 */
import type Autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..', '..');

/** The tool's node_modules under .tmp/tools/<tool>, installed now when it is not there yet or its pins changed. */
function installed(tool: 'lighthouse' | 'autocannon'): string {
  const pinned = join(root, 'scripts', 'tools', tool);
  const into = join(root, '.tmp', 'tools', tool);
  const lock = join(pinned, 'package-lock.json');
  const copiedLock = join(into, 'package-lock.json');
  const current = existsSync(copiedLock) && readFileSync(copiedLock, 'utf8') === readFileSync(lock, 'utf8');
  if (!current || !existsSync(join(into, 'node_modules', tool))) {
    console.log(`Installing ${tool} into .tmp/tools/${tool} (once)…`);
    mkdirSync(into, { recursive: true });
    copyFileSync(join(pinned, 'package.json'), join(into, 'package.json'));
    copyFileSync(lock, copiedLock);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { status } = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--prefix', into], { stdio: 'inherit' });
    if (status !== 0) throw new Error(`Could not install ${tool} (npm ci in .tmp/tools/${tool} failed).`);
  }
  return join(into, 'node_modules');
}

export interface LighthouseAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  errorMessage?: string;
  numericValue?: number;
  details?: unknown;
}

export interface LighthouseResult {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  runWarnings: unknown[];
  configSettings: { formFactor: string; throttlingMethod: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, LighthouseAudit | undefined>;
}

export interface LighthouseFlags {
  port: number;
  output: 'json';
  logLevel: 'error';
  onlyCategories: string[];
  throttlingMethod?: 'simulate' | 'devtools';
}

export type Lighthouse = (url: string, flags: LighthouseFlags) => Promise<{ lhr: LighthouseResult } | undefined>;

/** The pinned Lighthouse. */
export async function loadLighthouse(): Promise<Lighthouse> {
  const entry = join(installed('lighthouse'), 'lighthouse', 'core', 'index.js');
  return ((await import(pathToFileURL(entry).href)) as { default: Lighthouse }).default;
}

/** The pinned autocannon (CommonJS: its export is the module's default). */
export async function loadAutocannon(): Promise<typeof Autocannon> {
  const entry = join(installed('autocannon'), 'autocannon', 'autocannon.js');
  return ((await import(pathToFileURL(entry).href)) as { default: typeof Autocannon }).default;
}
