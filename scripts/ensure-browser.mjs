#!/usr/bin/env node
/**
 * End-to-end tests need Debian's Chromium at /usr/bin/chromium and its
 * headless shell at /usr/bin/chromium-headless-shell (tests/e2e/support/browser.ts).
 * Playwright's own browser download is not reachable here, so install Debian's
 * packages when they are missing and we are root; otherwise say exactly what
 * to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { printVersions } from './support/browser-versions.mjs';

const wanted = [
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium' },
  { path: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell' },
];
const missing = wanted.filter(({ path }) => !existsSync(path));
if (missing.length === 0) {
  printVersions([
    ['Chromium', wanted[0].path],
    ['Chromium headless shell', wanted[1].path],
  ]);
  process.exit(0);
}
const packages = missing.map(({ pkg }) => pkg);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Missing: ${missing.map(({ path }) => path).join(', ')}. Install with: sudo apt-get install -y ${packages.join(' ')}\n` +
      '(or set CHROMIUM_PATH / CHROMIUM_SHELL_PATH to a Chromium binary and a headless shell).',
  );
  process.exit(1);
}
console.log(`Installing Debian ${packages.join(' ')} with apt-get…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', ...packages],
]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed; install ${packages.join(' ')} by hand and run the tests again.`);
    process.exit(1);
  }
}
const still = missing.filter(({ path }) => !existsSync(path));
if (still.length > 0) {
  console.error(`apt-get finished but ${still.map(({ path }) => path).join(', ')} is still missing.`);
  process.exit(1);
}

printVersions([
  ['Chromium', wanted[0].path],
  ['Chromium headless shell', wanted[1].path],
]);
