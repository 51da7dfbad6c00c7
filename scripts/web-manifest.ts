import type { ManifestOptions } from 'vite-plugin-pwa';
import { brand } from '../src/brand.ts';

/** The install manifest (CONTRACTS §7), derived from the brand module. */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: `${brand.name} — city discovery`,
  short_name: brand.name,
  description: brand.description,
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: brand.themeColor,
  background_color: brand.backgroundColor,
  categories: ['lifestyle', 'entertainment', 'business'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'Dashboard', url: '/dashboard', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'New event', url: '/dashboard/events?new=1', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Report an issue', url: '/issue', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
  ],
};
