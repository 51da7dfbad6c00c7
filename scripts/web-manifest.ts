import type { ManifestOptions } from 'vite-plugin-pwa';
import { brand } from '../src/brand.ts';

/** The install manifest (contract §7), derived from the brand module. */
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
  // Sharing a flyer from the phone's gallery opens a new event with it as the cover (sw/share-target.ts).
  share_target: {
    action: '/dashboard/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', files: [{ name: 'image', accept: ['image/*'] }] },
  },
  // The richer install dialog (Chromium) shows these; made by scripts/manifest-screenshots.ts.
  screenshots: [
    {
      src: '/screenshots/home-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: `${brand.name}: what your city is doing tonight`,
    },
    {
      src: '/screenshots/download-narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: `Get the ${brand.name} beta on iPhone and Android`,
    },
    {
      src: '/screenshots/home-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: `${brand.name} on a desktop browser`,
    },
  ],
  shortcuts: [
    { name: 'Dashboard', url: '/dashboard', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'New event', url: '/dashboard/events?new=1', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Report an issue', url: '/issue', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
  ],
};
