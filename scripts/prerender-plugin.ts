/**
 * Build step: renders every marketing and policy route to static HTML
 * (`dist/<route>/index.html`) so the first paint needs no JavaScript, search
 * engines and no-JS readers get real content, and the service worker can
 * precache real pages for offline reading. It runs in `closeBundle` ordered
 * before vite-plugin-pwa, which then sees these files when it builds the
 * precache manifest. `dist/shell.html` keeps the empty app shell for routes
 * that are rendered only in the browser (dashboard, register, verify).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { outputStepPlugin } from './output-step-plugin.ts';
import { bootAfterPaint } from '../server/http/page-boot-script.ts';

interface ServerEntry {
  prerenderPaths: readonly string[];
  render(path: string): Promise<{ html: string; head: string }>;
  sitemap(): string;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function prerenderPlugin(): Plugin {
  return outputStepPlugin('roamly-prerender', 'pre', async (outDir) => {
    const template = await readFile(join(outDir, 'index.html'), 'utf8');
    await writeFile(join(outDir, 'shell.html'), fill(template, '', ''));
    const { tsImport } = await import('tsx/esm/api');
    const entry = (await tsImport('./src/entry-server.tsx', {
      parentURL: join(root, 'index.js'),
      tsconfig: join(root, 'tsconfig.app.json'),
    })) as ServerEntry;
    for (const path of entry.prerenderPaths) {
      const { html, head } = await entry.render(path);
      const file = path === '/' ? join(outDir, 'index.html') : join(outDir, path, 'index.html');
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bootAfterPaint(fill(template, head, html)));
    }
    await writeFile(join(outDir, 'sitemap.xml'), entry.sitemap());
  });
}

function fill(template: string, head: string, html: string): string {
  return template
    .replace(/<title>.*?<\/title>/s, '')
    .replace('<!--head-->', head)
    .replace('<div id="root"><!--app--></div>', `<div id="root"${html ? ' data-prerendered=""' : ''}>${html}</div>`);
}
