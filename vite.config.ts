import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderPlugin } from './scripts/prerender-plugin.ts';
import { webManifest } from './scripts/web-manifest.ts';

export default defineConfig({
  plugins: [
    react(),
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
        globIgnores: ['**/screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    // ROAMLY_DIST lets parallel builds (e.g. several test runs) use their own folder.
    outDir: process.env.ROAMLY_DIST ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
});
