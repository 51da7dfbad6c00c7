#!/usr/bin/env node
/**
 * The server half of `npm run build`: compiles server/ (and the shared
 * contract, brand and any React components it renders) to plain JavaScript
 * in dist-server/ with the TypeScript compiler, copies the SQL migrations
 * next to the compiled migrate.js, bundles React into the one module that
 * renders with it, and stamps the build time. Production then runs
 * `node dist-server/server/index.js` with no TypeScript tooling and without
 * react and react-dom installed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
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
await build({
  configFile: false,
  logLevel: 'warn',
  root,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: ['react', 'react-dom'], target: 'node' },
  build: {
    ssr: renderer,
    outDir: bundled,
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'listing-document.js', format: 'es' } },
  },
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
// Nothing compiled may still ask for React at run time: production does not install it.
const reactImport = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']react(?:-dom)?(?:\/[^"']*)?["']/;
const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
const askers = filesUnder(out).filter((file) => file.endsWith('.js') && reactImport.test(readFileSync(file, 'utf8')));
if (askers.length > 0) {
  console.error(`These compiled modules import React, which production does not install:\n${askers.join('\n')}`);
  process.exit(1);
}

mkdirSync(join(out, 'server/db'), { recursive: true });
cpSync(join(root, 'server/db/migrations'), join(out, 'server/db/migrations'), { recursive: true });
// scripts/server-entry.mjs compares this with the sources to tell a stale build.
writeFileSync(join(out, '.stamp'), new Date().toISOString() + '\n');
console.log(`Server compiled to ${out} (run: node ${join(out, 'server/index.js')})`);
