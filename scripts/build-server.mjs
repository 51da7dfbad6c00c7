#!/usr/bin/env node
/**
 * The server half of `npm run build`: compiles server/ (and the shared
 * contract, brand and any React components it renders) to plain JavaScript
 * in dist-server/ with the TypeScript compiler, copies the SQL migrations
 * next to the compiled migrate.js, bundles React into the one module that
 * renders with it, bundles the other pure-JavaScript libraries into
 * dist-server/vendor/ (with their licences), and stamps the build time.
 * Production then runs `node dist-server/server/index.js` with no TypeScript
 * tooling; `npm run release` installs only the runtime dependencies that are
 * not bundled (decision 011).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * Pure-JavaScript runtime libraries bundled into dist-server/vendor/. They stay
 * `dependencies` (so audits and SBOMs see them); `npm run release` prunes them
 * from the production install, using the list written to vendor/bundled.json.
 */
const VENDORED = ['hono', '@hono/node-server', 'valibot', 'jose', 'nodemailer', 'prom-client'];
// `--out DIR` (inside the repository, so Node finds node_modules from it) lets tests build apart.
const outFlag = process.argv.indexOf('--out');
const out = outFlag > 0 ? resolve(root, process.argv[outFlag + 1]) : join(root, 'dist-server');

rmSync(out, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/typescript/bin/tsc'),
    '-p',
    join(root, 'server/tsconfig.build.json'),
    '--outDir',
    out,
    '--pretty',
    'false',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// The public listing pages render with react-dom/server, and nothing else on the
// server uses React. Bundling React's production server build into that one module
// (≈ 0.5 MB) keeps react and react-dom (≈ 8 MB) out of a production install.
const renderer = join(out, 'server/pages/listing-document.js');
const bundled = join(out, '.bundle');
const { build } = await import('vite');
/** Every bundle's output, for the licence list at the end. */
const bundles = [];
/** An unminified ES-module build for Node of `input` (a file, or named entries), with `noExternal` inlined. */
async function bundle({ input, outDir, noExternal, output }) {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal, target: 'node' },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: { input, output: { format: 'es', ...output } },
    },
  });
  bundles.push(...[result].flat());
}
await bundle({
  input: renderer,
  outDir: bundled,
  noExternal: ['react', 'react-dom'],
  output: { entryFileNames: 'listing-document.js' },
});
renameSync(join(bundled, 'listing-document.js'), renderer);
rmSync(bundled, { recursive: true, force: true });
// The bundle holds the view now; its compiled copy (which imports React) and the
// renderer's source map (of the unbundled module) would only mislead.
for (const stale of [
  'server/pages/listing-document.js.map',
  'src/components/listing/listing-view.js',
  'src/components/listing/listing-view.js.map',
]) {
  rmSync(join(out, stale), { force: true });
}
// Pure-JavaScript libraries the server imports are bundled too, into
// dist-server/vendor/ (one build, so each library exists once), and the compiled
// modules are pointed at those files. The release then prunes them and what
// they drag in: valibot's optional TypeScript peer alone is 24 MB.
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
const vendorDir = join(out, 'vendor');
const compiled = () => filesUnder(out).filter((file) => file.endsWith('.js') && !file.startsWith(vendorDir));
// Static imports and re-exports at the start of a line (not inside comments),
// and dynamic import(); groups: what precedes the quote, the quote, the package.
const bareImport =
  /(^[ \t]*(?:import|export)\b[^'"`;]*?\bfrom\s*|^[ \t]*import\s*|\bimport\(\s*)(["'])(@?[a-z0-9][\w.-]*(?:\/[\w.@-]+)*)\2/gm;
const vendored = (specifier) => VENDORED.some((name) => specifier === name || specifier.startsWith(`${name}/`));
const vendorName = (specifier) => specifier.replace(/^@/, '').replace(/\//g, '__');
const wanted = new Set();
for (const file of compiled()) {
  for (const [, , , specifier] of readFileSync(file, 'utf8').matchAll(bareImport)) {
    if (vendored(specifier)) wanted.add(specifier);
  }
}
if (wanted.size > 0) {
  await bundle({
    input: Object.fromEntries([...wanted].map((specifier) => [vendorName(specifier), specifier])),
    outDir: vendorDir,
    noExternal: true,
    output: { entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js' },
  });
  for (const file of compiled()) {
    const code = readFileSync(file, 'utf8');
    const pointed = code.replace(bareImport, (whole, lead, quote, specifier) => {
      if (!vendored(specifier)) return whole;
      let path = relative(dirname(file), join(vendorDir, `${vendorName(specifier)}.js`)).replaceAll(sep, '/');
      if (!path.startsWith('.')) path = `./${path}`;
      return `${lead}${quote}${path}${quote}`;
    });
    if (pointed !== code) writeFileSync(file, pointed);
  }
}

// Nothing compiled may ask at run time for a package a production install lacks,
// and a bundled library is a production dependency all the same (contract §3).
const production = new Set(Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies));
const undeclared = [...VENDORED, 'react', 'react-dom'].filter((name) => !production.has(name));
if (undeclared.length > 0) {
  console.error(`Bundled libraries must be listed in package.json "dependencies": ${undeclared.join(', ')}`);
  process.exit(1);
}
const missing = [];
for (const file of filesUnder(out).filter((f) => f.endsWith('.js'))) {
  for (const [, , , specifier] of readFileSync(file, 'utf8').matchAll(bareImport)) {
    if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) continue;
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    if (!production.has(name)) missing.push(`${relative(out, file)} imports ${specifier}`);
  }
}
if (missing.length > 0) {
  console.error(`Compiled modules import packages that are not production dependencies:\n${missing.join('\n')}`);
  process.exit(1);
}

// The bundles carry other people's code: their licences go with it.
const bundledPackages = new Set();
for (const output of bundles) {
  for (const chunk of output.output) {
    for (const id of chunk.type === 'chunk' ? Object.keys(chunk.modules) : []) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll(sep, '/'));
      if (match) bundledPackages.add(match[1]);
    }
  }
}
const notices = [...bundledPackages].sort().map((name) => {
  const dir = join(root, 'node_modules', name);
  const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)(\.|$)/i.test(entry));
  const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `Licence: ${license}`;
  return `${name}@${version} (${license})\n\n${text}\n`;
});
mkdirSync(vendorDir, { recursive: true });
// What a production install can leave out (scripts/release.mjs).
writeFileSync(join(vendorDir, 'bundled.json'), `${JSON.stringify([...bundledPackages].sort())}\n`);
writeFileSync(
  join(vendorDir, 'THIRD-PARTY-LICENSES.txt'),
  `Libraries bundled into this server build, and their licences.\n\n${notices.join(`\n${'-'.repeat(72)}\n\n`)}`,
);

mkdirSync(join(out, 'server/db'), { recursive: true });
cpSync(join(root, 'server/db/migrations'), join(out, 'server/db/migrations'), { recursive: true });
// scripts/server-entry.mjs compares this with the sources to tell a stale build.
writeFileSync(join(out, '.stamp'), new Date().toISOString() + '\n');
console.log(`Server compiled to ${out} (run: node ${join(out, 'server/index.js')})`);
