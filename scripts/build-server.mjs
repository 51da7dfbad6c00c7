#!/usr/bin/env node
/**
 * The server half of `npm run build`: compiles server/ (and the shared
 * contract, brand and any React components it renders) to plain JavaScript
 * in dist-server/ with the TypeScript compiler, copies the SQL migrations
 * next to the compiled migrate.js, and stamps the build time. Production then
 * runs `node dist-server/server/index.js` with no TypeScript tooling.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
mkdirSync(join(out, 'server/db'), { recursive: true });
cpSync(join(root, 'server/db/migrations'), join(out, 'server/db/migrations'), { recursive: true });
// scripts/server-entry.mjs compares this with the sources to tell a stale build.
writeFileSync(join(out, '.stamp'), new Date().toISOString() + '\n');
console.log(`Server compiled to ${out} (run: node ${join(out, 'server/index.js')})`);
