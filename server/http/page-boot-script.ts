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
 * Where the browser reports no LCP (Safari, a hidden tab) it starts after the
 * first frame instead, and after 2 s whatever happened. A click on a button
 * before the app is live is remembered; the app replays it once hydrated
 * (src/app/layout/early-click.ts).
 */
import { createHash } from 'node:crypto';

// Kept short (it ships in every page) and ES5 (it runs before anything is known about the browser).
export const PAGE_BOOT_SCRIPT = [
  '(function(){',
  'var w=window,d=document,boot=d.currentScript,started=0,visible=d.visibilityState=="visible";',
  'function start(){if(started)return;started=1;',
  'boot.getAttribute("data-modules").split(" ").forEach(function(src){',
  'var s=d.createElement("script");s.type="module";s.async=false;s.src=src;d.head.appendChild(s)})}',
  'function soon(){setTimeout(start,0)}',
  'd.addEventListener("click",function(e){if(!w.__roamlyLive)w.__roamlyEarlyClick=e.target},true);',
  'var lcp=w.PerformanceObserver&&(PerformanceObserver.supportedEntryTypes||[]).indexOf("largest-contentful-paint")>=0;',
  'if(visible&&lcp)new PerformanceObserver(soon).observe({type:"largest-contentful-paint",buffered:true});',
  'else if(visible)requestAnimationFrame(soon);else soon();',
  'setTimeout(start,2000)',
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
