/** The layers PWAs break: the built worker, the manifest and the prerendered pages. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BOOT_SCRIPT } from '../../server/http/page-boot-script.ts';
import { prerenderPaths } from '../../src/content/page-meta.ts';

const root = join(import.meta.dirname, '..', '..');
const given = process.env.ROAMLY_DIST ? resolve(process.env.ROAMLY_DIST) : join(root, 'dist');
/** Only an explicit request skips these checks (and says so in the report); a missing build never does. */
const skip = process.env.ROAMLY_SKIP_BUILD_OUTPUT === '1';
let dist = given;
const read = (path: string) => readFileSync(join(dist, path), 'utf8');
const htmlFor = (route: string) => (route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);

describe.skipIf(skip)(
  skip ? 'production build (skipped: ROAMLY_SKIP_BUILD_OUTPUT=1 asked for it)' : 'production build',
  () => {
    // Without a build (a fresh clone, or only this file run), make one of our own: a check
    // that quietly passes on nothing proves nothing. npm test builds first, so this is rare.
    beforeAll(() => {
      if (existsSync(join(given, 'sw.js'))) return;
      dist = join(root, '.tmp', `build-output-${process.pid}`);
      const build = spawnSync(
        process.execPath,
        [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
        {
          cwd: root,
          env: { ...process.env, ROAMLY_DIST: dist },
          encoding: 'utf8',
        },
      );
      expect(build.status, `vite build failed:\n${build.stderr}`).toBe(0);
      expect(existsSync(join(dist, 'sw.js')), `no build in ${dist}`).toBe(true);
    }, 300_000);

    it('emits a service worker that precaches every prerendered page and the shell', () => {
      const sw = read('sw.js');
      for (const route of prerenderPaths) expect(sw).toContain(`"${htmlFor(route)}"`);
      expect(sw).toContain('"shell.html"');
      // Link previews' image: crawlers fetch it, the app never does.
      expect(sw).not.toContain('og-image.png');
    });

    it('emits a manifest with the install essentials', () => {
      const manifest = JSON.parse(read('manifest.webmanifest')) as Record<string, unknown>;
      expect(manifest).toMatchObject({
        short_name: 'Roamly',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
      });
      const icons = manifest.icons as { sizes: string; purpose?: string }[];
      expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
      const shortcuts = manifest.shortcuts as { name: string }[];
      expect(shortcuts.map((s) => s.name)).toContain('Dashboard');
    });

    it('prerenders each public route with its own title, description and canonical, and only the boot script inline', () => {
      for (const route of prerenderPaths) {
        const html = read(htmlFor(route));
        expect(html).toContain('data-prerendered');
        expect(html).toMatch(/<h1[ >]/);
        expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
        expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
        expect(html).toContain('<link rel="canonical"');
        // The app's modules load from the boot script (after the largest paint), the one inline script the CSP allows.
        const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
        expect(scripts).toHaveLength(1);
        expect(scripts[0]?.[2]).toBe(PAGE_BOOT_SCRIPT);
        const modules = /data-modules="([^"]+)"/.exec(scripts[0]?.[1] ?? '')?.[1]?.split(' ') ?? [];
        expect(modules.length).toBeGreaterThan(0);
        for (const src of modules) expect(existsSync(join(dist, src))).toBe(true);
      }
    });

    it('keeps an empty app shell for client-rendered routes', () => {
      expect(read('shell.html')).toContain('<div id="root"></div>');
    });
  },
);
