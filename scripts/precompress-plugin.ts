/**
 * Build step: writes `file.br` (brotli, best) and `file.gz` (gzip -9) next to
 * every text file in the output, so the server sends a phone ~100 KB of
 * JavaScript instead of ~320 KB without compressing anything per request.
 * Runs last in `closeBundle` (after the prerenderer and vite-plugin-pwa have
 * written their pages and sw.js); the precache manifest lists only the
 * originals, since the service worker fetches them with the browser's own
 * Accept-Encoding.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { outputStepPlugin } from './output-step-plugin.ts';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.xml', '.txt']);
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Every file below `dir`, at any depth. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes the .br and .gz siblings of one file (skipped when too small to gain). */
export async function precompressFile(path: string): Promise<void> {
  if (!COMPRESSIBLE.has(extname(path)) || (await stat(path)).size < MIN_BYTES) return;
  const source = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

export async function precompressDir(dir: string): Promise<void> {
  await Promise.all((await filesUnder(dir)).map(precompressFile));
}

export function precompressPlugin(): Plugin {
  // vite-plugin-pwa's build step is a 'post' plugin; ours is listed after it.
  return outputStepPlugin('roamly-precompress', 'post', precompressDir, { enforce: 'post' });
}
