#!/usr/bin/env node
/**
 * Runs a server entry point (server/index.ts, server/cli/*.ts) the right way.
 * With NODE_ENV=production: the bundle in dist-server/ with plain `node`,
 * rebuilt first when any of its inputs changed by content
 * (scripts/build-inputs.mjs), so a stale build is never run. Otherwise
 * (development, a fresh clone): the bundle when it is a build of exactly the
 * sources there are now — the same program, started in a fifth of the CPU
 * (0.2 against 1.1 CPU-seconds to the first line) — else the TypeScript source
 * through tsx, which is current by definition.
 *
 *   node scripts/server-entry.mjs server/cli/migrate.ts [args…]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverOutDir = join(root, 'dist-server');
const vite = join(root, 'node_modules/vite/bin/vite.js');
/** The build tools and the sources are here (not in a production install). */
const canBuild = existsSync(vite) && existsSync(join(root, 'server'));

/** The bundled file for a source entry: server/cli/migrate.ts → dist-server/migrate.js (vite.server.config.ts). */
export function builtEntry(sourceEntry) {
  return join(serverOutDir, basename(sourceEntry).replace(/\.tsx?$/, '.js'));
}

/** Builds dist-server/ unless it holds a build of today's sources (or exits with the build's status). */
export function ensureServerBuild() {
  if (!canBuild || (buildIsCurrent('server', serverOutDir) && process.env.FORCE_BUILD !== '1')) return;
  console.log('Building the server…');
  const step = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.server.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (step.status !== 0) process.exit(step.status ?? 1);
}

/**
 * node's arguments that run `sourceEntry` as the sources are now, building nothing: the
 * bundle when dist-server/ holds a build of exactly these sources, else the source through tsx.
 */
export function currentSourceCommand(sourceEntry) {
  const built = builtEntry(sourceEntry);
  if (existsSync(built) && buildIsCurrent('server', serverOutDir)) return [built];
  return ['--import', 'tsx', join(root, sourceEntry)];
}

/** node + arguments that run `sourceEntry`. */
export function commandFor(sourceEntry, { production = process.env.NODE_ENV === 'production' } = {}) {
  const tsx = existsSync(join(root, 'node_modules/tsx'));
  if (!production && tsx) return currentSourceCommand(sourceEntry);
  ensureServerBuild();
  const built = builtEntry(sourceEntry);
  if (!existsSync(built)) {
    console.error(`No server build at ${built}. Run \`npm run build\` first (it needs the dev dependencies).`);
    process.exit(1);
  }
  return [built];
}

/** Runs the entry as a child, forwarding signals and the exit code. */
export function runEntry(sourceEntry, args = []) {
  const child = spawn(process.execPath, [...commandFor(sourceEntry), ...args], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) {
    console.error('usage: node scripts/server-entry.mjs <server/… .ts> [args…]');
    process.exit(2);
  }
  runEntry(entry, args);
}
