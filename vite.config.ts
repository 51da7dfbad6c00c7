import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { stampPlugin } from './scripts/build-inputs.mjs';
import { leanPreloadPlugin } from './scripts/lean-preload-plugin.ts';
import { leanRouterPlugin } from './scripts/lean-router-plugin.ts';
import { precompressPlugin } from './scripts/precompress-plugin.ts';
import { prerenderPlugin } from './scripts/prerender-plugin.ts';
import { webManifest } from './scripts/web-manifest.ts';

// react-router publishes its warning-free production build but only exports the
// development one; the public site's JS budget wants the smaller one.
const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Puts the global stylesheet (~5 KB gzip) into each page's <style>: the first
 * paint then needs the HTML alone, not a second round trip, which on a phone
 * is the difference between painting with or after the JavaScript download.
 * The CSP allows inline styles (never inline scripts).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'roamly-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        return (
          html
            .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
              const asset = bundle[file];
              return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
            })
            // The page text comes first: the app script must not take the
            // phone's bandwidth from the rest of the HTML before first paint.
            .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
        );
      },
    },
  };
}

/** Source folders of the signed-in dashboard (the public site never needs them). */
const dashboardModule =
  /[\\/]src[\\/](features[\\/](dashboard|events|profile|business|outbox)|app[\\/]dashboard-route)/;

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : [],
  },
  plugins: [
    react(),
    inlineEntryCss(),
    leanPreloadPlugin(),
    leanRouterPlugin(),
    // Runs in closeBundle *before* the PWA plugin, so the prerendered pages are
    // on disk when the precache manifest is computed.
    prerenderPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webManifest,
      integration: { closeBundleOrder: 'post' },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,txt,xml,webmanifest}'],
        // listing.html only names the listing pages' script for the server (never served as a page).
        // og-image.png (231 KB, a fifth of the precache) is only fetched by link-preview
        // crawlers, never by the app.
        globIgnores: ['**/screenshots/**', '**/listing.html', '**/og-image.png'],
      },
      devOptions: { enabled: false },
    }),
    // Compresses what the prerenderer and the PWA plugin wrote too.
    precompressPlugin(),
    // Last: the hash of the inputs, so `npm start` tells a stale build (decision 013).
    stampPlugin('app'),
  ],
  build: {
    // ROAMLY_DIST lets parallel builds (e.g. several test runs) use their own folder.
    outDir: process.env.ROAMLY_DIST ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // No JS preload lists or polyfill in the entry (~0.5 KB of the public site's
    // 100 KB first-visit budget, decision 005); lazy chunks still get their CSS, and
    // after the first visit the service worker serves every chunk locally.
    modulePreload: false,
    rolldownOptions: {
      // listing.html only names the script of the server-rendered listing pages.
      input: { main: 'index.html', listing: 'listing.html' },
      output: {
        // One chunk for everything the entry loads (main.tsx and its static
        // imports, React and the router included). Left alone, Rolldown splits
        // React into a chunk of its own although the entry always loads it
        // first (rolldown#10731): a second request and ~0.5 KB more gzip.
        codeSplitting: { groups: [{ name: 'app', test: /[\\/]src[\\/]main\.tsx$/ }] },
        // A chunk holding any module of the signed-in screens is named `dash-…`: the size
        // check (scripts/size.ts) proves no public route loads one, whatever Rolldown calls it.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => dashboardModule.test(id))
            ? 'assets/dash-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
}));
