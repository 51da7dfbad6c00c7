#!/usr/bin/env node
/**
 * `npm start`: build what changed, then run the server (API + static site on
 * one port). The PWA (dist/) is rebuilt when any of its inputs differs by
 * content from the ones it was built from (scripts/build-inputs.mjs), and so
 * is the server bundle with NODE_ENV=production (scripts/server-entry.mjs);
 * an unchanged tree starts at once. Where no build tools are installed the
 * builds must already be there. Without NODE_ENV=production (a fresh clone,
 * development) the server runs the bundle when it is a build of exactly the
 * current sources, else the source through tsx (scripts/server-entry.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, stampedHash } from './build-inputs.mjs';
import { runEntry } from './server-entry.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = resolve(root, process.env.ROAMLY_DIST ?? 'dist');
const vite = join(root, 'node_modules/vite/bin/vite.js');
const canBuild = existsSync(vite) && existsSync(join(root, 'src'));

if (canBuild) {
  if (!buildIsCurrent('app', distDir) || process.env.FORCE_BUILD === '1') {
    console.log(stampedHash(distDir) ? 'Sources changed since the last build; rebuilding…' : 'Building the app…');
    // ROAMLY_DIST reaches vite.config.ts through the environment.
    const step = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (step.status !== 0) process.exit(step.status ?? 1);
  }
} else if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`No app build in ${distDir} and no build tools installed: run \`npm run build\` where they are.`);
  process.exit(1);
}

runEntry('server/index.ts');
