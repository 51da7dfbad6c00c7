/**
 * Tells a stale build by content: each build records a SHA-256 of every file
 * that can change its output (`inputsHash`), taken when it starts, in a stamp
 * it writes last (`stampPlugin`). `npm start` and the server's commands
 * (scripts/start.mjs, scripts/server-entry.mjs) rebuild when the hash of the
 * tree differs from the stamp — an edit, a new or deleted file, a branch
 * switch, a lockfile upgrade — and never when it does not (timestamps lie
 * after a checkout, a copy or an unpacked archive). Plain JavaScript: it runs
 * before any TypeScript tooling.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('..', import.meta.url));

/** Files and folders every build reads: the tool chain, its configuration and the locked libraries. */
const common = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'tsconfig.node.json',
  'tsconfig.sw.json',
  'scripts/build-inputs.mjs',
];

/**
 * What each build reads. Whole folders rather than the module graph: a file
 * the graph does not reach yet (a new public/ image, a prerendered route's
 * module) must still count. The PWA's prerender step imports the server's
 * page-boot script; the server renders listing pages with src/ components.
 */
export const buildInputs = {
  app: [
    ...common,
    'index.html',
    'listing.html',
    'vite.config.ts',
    'src',
    'sw',
    'public',
    'scripts',
    'server/http/page-boot-script.ts',
  ],
  server: [...common, 'vite.server.config.ts', 'server', 'src'],
};

/** The file each build writes last, holding the hash of the inputs it was made from. */
export const STAMP = '.build-inputs';

/** The files at `path` (itself, or every file below it), sorted so the hash does not depend on the disk's order. */
function filesAt(path) {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return [];
  if (!info.isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** SHA-256 over the names and contents of every input file of `kind` ('app' or 'server') in the tree at `root`. */
export function inputsHash(kind, root = repository) {
  const hash = createHash('sha256');
  for (const input of buildInputs[kind]) {
    for (const file of filesAt(join(root, input))) {
      // The name too: a renamed file changes what imports resolve to.
      hash.update(relative(root, file).split(sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** The hash a build in `outDir` recorded, or null when there is none (never built, or interrupted). */
export function stampedHash(outDir) {
  const stamp = join(outDir, STAMP);
  return existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : null;
}

/** True when `outDir` holds a finished build of the `kind` inputs the tree at `root` has now. */
export function buildIsCurrent(kind, outDir, root = repository) {
  return stampedHash(outDir) === inputsHash(kind, root);
}

/**
 * A Vite plugin that stamps the build with the hash of its inputs, taken
 * before anything is read (an edit made during the build makes it stale) and
 * written after every other plugin's last step (an interrupted build has no
 * stamp, so it is never mistaken for a finished one).
 */
export function stampPlugin(kind) {
  let hash = '';
  let outDir = '';
  let root = repository;
  return {
    name: 'roamly-build-stamp',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      hash = inputsHash(kind, root);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        mkdirSync(outDir, { recursive: true });
        writeFileSync(join(outDir, STAMP), `${hash}\n`);
      },
    },
  };
}
