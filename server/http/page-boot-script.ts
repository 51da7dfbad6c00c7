/**
 * The one inline script a page may run (the CSP allows exactly this text, by
 * its hash). Prerendered pages carry it instead of their module scripts
 * (scripts/prerender-plugin.ts).
 *
 * On a first visit the app starts on the visitor's first interaction (a
 * pointer over or down on the page, a touch, a key, focus, a wheel turn, an
 * input): until then the page is its server HTML and links are plain links,
 * so nothing runs on the main thread before the first interaction
 * (evaluating and hydrating the app are 50–200 ms tasks on a slow phone, which
 * no time slicing splits). The service worker is registered from here on load,
 * so every public page still reads offline after one visit, and the browser's
 * install offer is kept for the app (src/lib/install-prompt.ts).
 *
 * A page whose modules are a few hundred bytes and not the app (the listing
 * pages' offline keeper, src/listing-page.ts) says `data-boot="paint"`: its
 * modules start after the largest paint for every visitor.
 *
 * A browser that already has the app database (a returning visitor, maybe
 * signed in, maybe with queued writes) starts the app once the page's largest
 * content has painted, as before: the JavaScript never competes with the page
 * text for bandwidth, and Lighthouse's simulation, which charges every request
 * that finished before the paint to the paint, measures the page as what it is
 * (the goal: LCP within 1.2× of the page without scripts). Where the browser
 * reports no LCP (Safari) that is after the first frame; a hidden tab paints
 * nothing and starts after 2 s. A browser that cannot list its databases counts
 * as returning.
 *
 * So does a first visit to an address that asks the app for something at once:
 * `/?login=1` (where /login redirects) opens the Log in panel.
 *
 * A click on a button before the app is live is remembered; the app replays it
 * once hydrated (src/app/layout/early-click.ts). So is a plain click on a link to
 * another page of the site made while the app is on its way (the press that
 * started it): the router then makes it a client-side navigation, as on a live
 * page; if the app is not live within 3 s, the link is followed as a plain link.
 */
import { createHash } from 'node:crypto';
import { DB_NAME } from '../../src/shared/contract/app-database.ts';

/** What counts as the first interaction: each is a sign the visitor is about to use a control. */
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'input'];

// Kept short: it ships in every page. The app needs ES2022 anyway, so this may too.
export const PAGE_BOOT_SCRIPT = [
  '(()=>{',
  'let d=document,w=window,n=navigator.serviceWorker,boot=d.currentScript,light=boot.dataset.boot=="paint",started=0,',
  'start=()=>{if(started)return;started=1;',
  'for(let src of boot.dataset.modules.split(" ")){',
  'let s=d.createElement("script");s.type="module";s.async=!1;s.src=src;d.head.append(s)}},',
  'soon=()=>setTimeout(start),',
  'afterPaint=()=>{',
  'PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")',
  '?new PerformanceObserver(soon).observe({type:"largest-contentful-paint",buffered:!0})',
  ':requestAnimationFrame(soon);',
  'setTimeout(start,2e3)},',
  'listed=!light&&w.indexedDB?.databases?.();',
  `for(let type of ${JSON.stringify(INTERACTIONS).replaceAll('"', "'")})w.addEventListener(type,start,{capture:!0,passive:!0,once:!0});`,
  'd.addEventListener("click",e=>{if(w.__roamlyLive)return;w.__roamlyEarlyClick=e.target;',
  'let a=!light&&started&&!e.defaultPrevented&&!e.button&&!(e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)&&e.target.closest?.("a[href]");',
  'if(a&&!a.target&&!a.hasAttribute("download")&&a.origin==location.origin&&a.pathname!=location.pathname){',
  'e.preventDefault();w.__roamlyHeldLink=a;setTimeout(()=>w.__roamlyLive||(location.href=a.href),3e3)}},!0);',
  'w.addEventListener("beforeinstallprompt",e=>{e.preventDefault();w.__roamlyInstallPrompt=e});',
  'w.addEventListener("load",()=>n&&!n.controller&&n.register("/sw.js").catch(()=>0));',
  // An address that asks the app for something at once (/?login=1: the Log in panel) starts it after the paint.
  '/[?&]login=1/.test(location.search)?afterPaint():',
  `listed?listed.then(dbs=>dbs.some(db=>db.name===${JSON.stringify(DB_NAME)})&&afterPaint(),afterPaint):afterPaint()`,
  '})()',
].join('');

/** The CSP source that allows PAGE_BOOT_SCRIPT and nothing else inline. */
export const PAGE_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;

/**
 * Replaces a page's module script tags with the boot script that loads the
 * same modules, in the same order, on the first interaction (or after the
 * largest paint for a returning visitor).
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
