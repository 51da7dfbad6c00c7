#!/usr/bin/env node
/**
 * Runs a server entry point (server/index.ts, server/cli/*.ts) the right way:
 * the compiled JavaScript in dist-server/ with plain `node` when it exists and
 * is current (always in production, where tsx is not installed), otherwise
 * the TypeScript source through tsx (development, a fresh clone).
 *
 *   node scripts/server-entry.mjs server/cli/migrate.ts [args…]
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverOutDir = join(root, 'dist-server');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), info.mtimeMs);
}

/** The compiled file for a source entry, e.g. dist-server/server/index.js. */
export function builtEntry(sourceEntry) {
  return join(serverOutDir, sourceEntry.replace(/\.tsx?$/, '.js'));
}

/** True when dist-server/ holds a build at least as new as server/, the shared sources it compiles and the lockfile. */
export function serverBuildIsCurrent(sourceEntry) {
  const built = builtEntry(sourceEntry);
  if (!existsSync(built)) return false;
  if (!existsSync(join(root, 'server'))) return true; // an image with only the build
  const builtAt = newestMtime(join(serverOutDir, '.stamp'));
  const sourcesAt = Math.max(
    // package-lock.json: the build bundles some libraries (dist-server/vendor), so an upgrade needs a rebuild.
    ...['server', 'src/shared/contract', 'src/brand.ts', 'src/components', 'package-lock.json'].map((p) =>
      newestMtime(join(root, p)),
    ),
  );
  return builtAt >= sourcesAt;
}

/** node + arguments that run `sourceEntry`. */
export function commandFor(sourceEntry, { production = process.env.NODE_ENV === 'production' } = {}) {
  const built = builtEntry(sourceEntry);
  if (existsSync(built) && (production || serverBuildIsCurrent(sourceEntry))) {
    if (production && !serverBuildIsCurrent(sourceEntry)) {
      console.error('Warning: dist-server/ is older than the server sources; run `npm run build` to use them.');
    }
    return [built];
  }
  if (production && !existsSync(join(root, 'node_modules/tsx'))) {
    console.error(`No server build at ${built}. Run \`npm run build\` first (it needs the dev dependencies).`);
    process.exit(1);
  }
  return ['--import', 'tsx', join(root, sourceEntry)];
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
