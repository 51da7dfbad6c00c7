#!/usr/bin/env node
/**
 * `npm start`: build the PWA when dist/ is missing or older than its sources,
 * then run the server (API + static site on one port).
 *
 * With NODE_ENV=production the server runs from its compiled JavaScript
 * (dist-server/, `npm run build`) with plain `node`; the build is made here
 * first when it is missing or stale and the build tools are installed. In a
 * production install (`npm ci --omit=dev`) there are no build tools: the
 * builds must already be there, and nothing is rebuilt. Otherwise (a fresh
 * clone, development) the server runs from source through tsx.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEntry, serverBuildIsCurrent } from './server-entry.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const production = process.env.NODE_ENV === 'production';
const distDir = resolve(root, process.env.ROAMLY_DIST ?? 'dist');
const stamp = join(distDir, 'sw.js');
const canBuild = existsSync(join(root, 'node_modules/vite/bin/vite.js')) && existsSync(join(root, 'src'));
const sources = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/prerender-plugin.ts',
  'scripts/web-manifest.ts',
  'package.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), info.mtimeMs);
}

function runOrExit(args, what) {
  console.log(what);
  const step = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (canBuild) {
  const sourcesAt = Math.max(...sources.map((p) => newestMtime(join(root, p))));
  if (builtAt < sourcesAt || process.env.FORCE_BUILD === '1') {
    runOrExit(
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      builtAt ? 'Sources changed since the last build; rebuilding…' : 'No build found; building the app…',
    );
  }
  if (production && (!serverBuildIsCurrent('server/index.ts') || process.env.FORCE_BUILD === '1')) {
    runOrExit([join(root, 'scripts/build-server.mjs')], 'Compiling the server for production…');
  }
} else if (!builtAt) {
  console.error(`No app build in ${distDir} and no build tools installed: run \`npm run build\` where they are.`);
  process.exit(1);
}

runEntry('server/index.ts');
