#!/usr/bin/env node
/**
 * `npm start`: build the PWA when dist/ is missing or older than its sources,
 * then run the server (API + static site on one port).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = resolve(root, process.env.ROAMLY_DIST ?? 'dist');
const stamp = join(distDir, 'sw.js');
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

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((p) => newestMtime(join(root, p))));
if (builtAt < sourcesAt || process.env.FORCE_BUILD === '1') {
  console.log(builtAt ? 'Sources changed since the last build; rebuilding…' : 'No build found; building the app…');
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/index.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
