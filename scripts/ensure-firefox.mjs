#!/usr/bin/env node
/**
 * The Firefox suite (tests/firefox) drives Debian's firefox-esr at
 * /usr/bin/firefox-esr (Puppeteer over WebDriver BiDi, no browser download).
 * Install the package when it is missing and we are root; otherwise say
 * exactly what to install, and the caller counts the suite as failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { printVersions } from './support/browser-versions.mjs';

const path = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
if (existsSync(path)) {
  printVersions([['Firefox', path]]);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Firefox is missing at ${path}, so the Firefox suite cannot run. Install it with: sudo apt-get install -y firefox-esr\n` +
      '(or set FIREFOX_PATH to a Firefox binary).',
  );
  process.exit(1);
}
console.log('Firefox is missing; installing Debian firefox-esr with apt-get…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', 'firefox-esr'],
]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed; install firefox-esr by hand and run the tests again.`);
    process.exit(1);
  }
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}

printVersions([['Firefox', path]]);
