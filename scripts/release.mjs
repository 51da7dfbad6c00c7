#!/usr/bin/env node
/**
 * `npm run release -- DIR`: writes into DIR the whole tree a production
 * machine runs, and nothing else — the built PWA (dist/), the compiled server
 * (dist-server/), a package.json whose scripts run that build with plain
 * `node`, the lockfile, and the production node_modules. The Dockerfile's last
 * stage is this tree, made by this command. Inside DIR, with no other file of
 * the repository: `npm start`, `npm run migrate`, `npm run keys:rotate`,
 * `npm run media:copy -- FROM TO`.
 *
 * The production install stays lean without hiding libraries from
 * `npm audit --omit=dev`: every library the server runs is a `dependency`,
 * `npm ci --omit=dev` installs them in DIR, and then the packages the server
 * build bundled (hono, valibot, jose, nodemailer, React, …; listed in
 * dist-server/bundled.json) and the optional peers nothing needs (valibot's TypeScript, 24 MB)
 * are pruned: no production module can ask for them any more.
 *
 *   npm run release -- DIR [--dist PATH] [--without-pglite]
 *
 * --dist PATH      copy that PWA build instead of building one (tests).
 * --without-pglite leave out the embedded database (27 MB) for a PostgreSQL-only
 *                  deployment; the server then refuses to start without DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const withoutPglite = args.includes('--without-pglite');
if (withoutPglite) args.splice(args.indexOf('--without-pglite'), 1);
const prebuiltDist = flag('--dist');
const [target, ...extra] = args;
if (!target || extra.length > 0) {
  console.error('usage: npm run release -- DIR [--dist PATH] [--without-pglite]');
  process.exit(2);
}
const out = resolve(target);
if (existsSync(out) && readdirSync(out).length > 0) {
  // Never delete what someone pointed us at by mistake.
  console.error(`${out} is not empty: give a new or empty folder.`);
  process.exit(2);
}

function run(command, commandArgs, cwd) {
  const step = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (step.status !== 0) {
    console.error(`Release failed at: ${command} ${commandArgs.join(' ')}`);
    process.exit(step.status ?? 1);
  }
}

mkdirSync(out, { recursive: true });

// 1. The PWA.
if (prebuiltDist) {
  cpSync(resolve(prebuiltDist), join(out, 'dist'), { recursive: true });
} else {
  run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', join(out, 'dist')], root);
}

// 2. The server bundle (vite.server.config.ts), written straight into the release.
run(
  process.execPath,
  [
    join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--config',
    'vite.server.config.ts',
    '--outDir',
    join(out, 'dist-server'),
  ],
  root,
);

// 3. package.json: the repository's, with scripts that run the build directly.
// `exec`: the shell npm runs a script in becomes node, so the SIGTERM npm
// forwards reaches the server (a shell in between would swallow it).
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const entry = (file) => `exec node dist-server/${file}`;
pkg.scripts = {
  start: entry('index.js'),
  migrate: entry('migrate.js'),
  'keys:rotate': entry('rotate-keys.js'),
  'media:copy': entry('media-copy.js'),
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
cpSync(join(root, 'package-lock.json'), join(out, 'package-lock.json'));

// 4. The production dependencies, exactly as locked. No production package
// has an install script (prebuilt binaries come as optional packages).
run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], out);

// 5. Prune what no production module can load: keep the lockfile closure of
// the dependencies the server build did not bundle.
const lock = JSON.parse(readFileSync(join(out, 'package-lock.json'), 'utf8'));
const bundled = new Set(JSON.parse(readFileSync(join(out, 'dist-server/bundled.json'), 'utf8')));
if (withoutPglite) bundled.add('@electric-sql/pglite');
/** The lock path Node would load `name` from, seen from the package at `from`. */
function resolveIn(from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}
const keep = new Set();
const queue = Object.keys(pkg.dependencies)
  .filter((name) => !bundled.has(name))
  .map((name) => resolveIn('', name));
while (queue.length > 0) {
  const path = queue.pop();
  if (!path || keep.has(path)) continue;
  keep.add(path);
  const entry = lock.packages[path];
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const needs = [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
  ];
  for (const name of needs) queue.push(resolveIn(path, name));
}
const pruned = [];
for (const path of Object.keys(lock.packages)) {
  if (!path || keep.has(path) || !existsSync(join(out, path))) continue;
  rmSync(join(out, path), { recursive: true, force: true });
  pruned.push(path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
}
// Command links into pruned packages, and npm's record of the tree it installed.
const bin = join(out, 'node_modules/.bin');
for (const link of existsSync(bin) ? readdirSync(bin) : []) {
  const path = join(bin, link);
  if (lstatSync(path).isSymbolicLink() && !existsSync(resolve(dirname(path), readlinkSync(path)))) rmSync(path);
}
rmSync(join(out, 'node_modules/.package-lock.json'), { force: true });
// Scoped folders left empty by the pruning.
for (const scope of readdirSync(join(out, 'node_modules')).filter((name) => name.startsWith('@'))) {
  const dir = join(out, 'node_modules', scope);
  if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}

const installed = [...keep].filter((path) => path && existsSync(join(out, path))).length;
console.log(
  `Release written to ${relative(process.cwd(), out) || '.'}: ${installed} production packages installed` +
    (pruned.length
      ? `; pruned ${pruned.length} that the server build bundled or nothing loads (${pruned.join(', ')})`
      : '') +
    '.',
);
