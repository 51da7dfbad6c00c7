/**
 * Lighthouse, installed on first use. Two measuring scripts run it
 * (scripts/lighthouse.ts, scripts/listing-budgets.ts); the product and its
 * tests never do. As a devDependency it brought ~155 packages, a quarter of
 * what every `npm ci` unpacked: 47/64 → 39/49 s and 65/97 → 52/74 CPU-s
 * without it, alternated on a 2-core host (decision 016). Its own lockfile
 * (scripts/tools/lighthouse/) pins the whole tree, installed with `npm ci`
 * into .tmp/tools/lighthouse the first time a script asks for it.
 *
 * Only the parts of Lighthouse's result the scripts read are typed here.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..', '..');
const pinned = join(root, 'scripts', 'tools', 'lighthouse');
const installed = join(root, '.tmp', 'tools', 'lighthouse');

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

/** The pinned Lighthouse, installed into .tmp/tools/lighthouse when it is not there yet or its pins changed. */
export async function loadLighthouse(): Promise<Lighthouse> {
  const lock = join(pinned, 'package-lock.json');
  const copiedLock = join(installed, 'package-lock.json');
  const current = existsSync(copiedLock) && readFileSync(copiedLock, 'utf8') === readFileSync(lock, 'utf8');
  if (!current || !existsSync(join(installed, 'node_modules', 'lighthouse'))) {
    console.log('Installing Lighthouse into .tmp/tools/lighthouse (once)…');
    mkdirSync(installed, { recursive: true });
    copyFileSync(join(pinned, 'package.json'), join(installed, 'package.json'));
    copyFileSync(lock, copiedLock);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { status } = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--prefix', installed], { stdio: 'inherit' });
    if (status !== 0) throw new Error('Could not install Lighthouse (npm ci in .tmp/tools/lighthouse failed).');
  }
  const entry = join(installed, 'node_modules', 'lighthouse', 'core', 'index.js');
  const module = (await import(pathToFileURL(entry).href)) as { default: Lighthouse };
  return module.default;
}
