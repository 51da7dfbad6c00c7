/**
 * `npx tsx scripts/manifest-screenshots.ts`: regenerates the install-dialog
 * screenshots of the manifest (public/screenshots, narrow 390×844 and wide
 * 1280×800) from the built pages, and the Open Graph card
 * (public/icons/og-image.png, 1200×630). Build first; ROAMLY_DIST picks the folder.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { brand } from '../src/brand.ts';
import { chromiumLaunchOptions } from '../tests/e2e/support/browser.ts';
import { distDir, serveDist } from './size-server.ts';

const shots = [
  { file: 'public/screenshots/home-narrow.png', path: '/', width: 390, height: 844 },
  { file: 'public/screenshots/download-narrow.png', path: `/${brand.slug}`, width: 390, height: 844 },
  { file: 'public/screenshots/home-wide.png', path: '/', width: 1280, height: 800 },
];

const site = await serveDist(distDir());
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  mkdirSync('public/screenshots', { recursive: true });
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(site.origin + shot.path, { waitUntil: 'networkidle' });
    await page.screenshot({ path: shot.file });
    await context.close();
    console.log(`${shot.file} (${shot.width}×${shot.height})`);
  }
  const card = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await card.setContent(ogCard());
  await card.screenshot({ path: 'public/icons/og-image.png' });
  console.log('public/icons/og-image.png (1200×630)');
} finally {
  await browser.close();
  await site.close();
}

function ogCard(): string {
  return `<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;align-items:center;
    gap:64px;padding:0 96px;box-sizing:border-box;color:#fbf7f1;font-family:system-ui,sans-serif;
    background:linear-gradient(rgb(255 255 255/5%) 1px,transparent 1px) 0 0/48px 48px,
    linear-gradient(90deg,rgb(255 255 255/5%) 1px,transparent 1px) 0 0/48px 48px,
    radial-gradient(circle at 90% 0%,rgb(255 107 74/45%),transparent 50%),#16142b">
    <svg width="220" height="220" viewBox="0 0 32 32"><path d="M16 2C9.4 2 4 7.2 4 13.7 4 22.5 16 30 16 30s12-7.5 12-16.3C28 7.2 22.6 2 16 2z" fill="#ff6b4a"/>
    <circle cx="16" cy="13.5" r="5.5" fill="#16142b"/><circle cx="16" cy="13.5" r="2.4" fill="#ffd166"/></svg>
    <div><div style="font-size:104px;font-weight:800;letter-spacing:-4px">${brand.name}</div>
    <div style="font-size:44px;font-weight:700;color:#ffd166;margin-top:8px">${brand.tagline}</div>
    <div style="font-size:28px;margin-top:24px;color:#d9d5ea">Events · venues · promoters · communities</div></div></body></html>`;
}
