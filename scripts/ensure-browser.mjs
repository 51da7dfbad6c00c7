#!/usr/bin/env node
/**
 * End-to-end tests need Chromium at /usr/bin/chromium. Playwright's own
 * browser download is not reachable here, so install Debian's package when it
 * is missing and we are root; otherwise say exactly what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium is missing at ${path}. Install it with: sudo apt-get install -y chromium\n` +
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary).',
  );
  process.exit(1);
}
console.log('Chromium is missing; installing Debian chromium with apt-get…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', 'chromium'],
]) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed; install chromium by hand and run the tests again.`);
    process.exit(1);
  }
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
