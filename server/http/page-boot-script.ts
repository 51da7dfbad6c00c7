/**
 * The one inline script a page may run (the CSP allows exactly this text, by
 * its hash). Prerendered pages carry it instead of their module scripts
 * (scripts/prerender-plugin.ts): it requests the app only once the browser
 * has painted the page's largest content, so on a slow phone the JavaScript
 * never competes with the page text for bandwidth — and Lighthouse's
 * simulation, which charges every request that finished before the paint to
 * the paint, measures the page as what it is (issue 4: LCP within 1.2× of the
 * page without scripts).
 *
 * Where the browser reports no LCP (Safari) it starts after the first frame
 * instead; a hidden tab paints nothing and starts after 2 s, the limit for all. A click on a button
 * before the app is live is remembered; the app replays it once hydrated
 * (src/app/layout/early-click.ts).
 */
import { createHash } from 'node:crypto';

// Kept short: it ships in every page. The app needs ES2022 anyway, so this may too.
export const PAGE_BOOT_SCRIPT = [
  '(()=>{',
  'let d=document,boot=d.currentScript,started=0,',
  'start=()=>{if(started)return;started=1;',
  'for(let src of boot.dataset.modules.split(" ")){',
  'let s=d.createElement("script");s.type="module";s.async=!1;s.src=src;d.head.append(s)}},',
  'soon=()=>setTimeout(start);',
  'd.addEventListener("click",e=>{window.__roamlyLive||(window.__roamlyEarlyClick=e.target)},!0);',
  'PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")',
  '?new PerformanceObserver(soon).observe({type:"largest-contentful-paint",buffered:!0})',
  ':requestAnimationFrame(soon);',
  'setTimeout(start,2e3)',
  '})()',
].join('');

/** The CSP source that allows PAGE_BOOT_SCRIPT and nothing else inline. */
export const PAGE_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;

/**
 * Replaces a page's module script tags with the boot script that loads the
 * same modules, in the same order, after the largest paint.
 */
export function bootAfterPaint(html: string): string {
  const modules: string[] = [];
  const withoutModules = html.replace(
    /[ \t]*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\n?/g,
    (_tag, src: string) => {
      modules.push(src);
      return modules.length === 1 ? '<!--boot-->' : '';
    },
  );
  if (!modules.length) return html;
  return withoutModules.replace(
    '<!--boot-->',
    `<script data-modules="${modules.join(' ')}">${PAGE_BOOT_SCRIPT}</script>\n`,
  );
}
