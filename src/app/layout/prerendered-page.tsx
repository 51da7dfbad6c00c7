/**
 * Keeps a prerendered page as the server rendered it, instead of downloading
 * its module only to rebuild the same DOM during hydration. This is what holds
 * a first visit to a public page inside the 100 KB JavaScript budget:
 * React and the data router already take ~95 KB, and the page text would
 * otherwise be sent twice, once as HTML and once as JS.
 *
 * React leaves the children of an element with dangerouslySetInnerHTML alone
 * while hydrating; we pass it the very HTML that is on screen, so nothing
 * changes. Links inside that HTML are plain anchors, so same-origin clicks are
 * handed to the router to keep client-side navigation.
 *
 * The page's controls are islands (src/components/island.tsx): each hydrates
 * as a React root of its own inside that HTML the first time it is pointed at,
 * focused or typed in. Hydration keeps the DOM — focus, caret and anything
 * typed meanwhile stay; a click that came before the island's code is
 * replayed once it is live.
 */
import { createElement, useEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { useNavigate } from 'react-router-dom';
import { ISLAND_ATTRIBUTE, ISLAND_WAKE_ATTRIBUTE, type IslandName } from '../../components/island.tsx';
import { islands } from '../islands.tsx';

interface Snapshot {
  tag: string;
  props: Record<string, string>;
  html: string;
}

/** Reads the single root element a page rendered into `container`, or null when there is none. */
export function snapshotPage(container: Element | null): Snapshot | null {
  const root = container?.children.length === 1 ? container.firstElementChild : null;
  if (!root) return null;
  const props: Record<string, string> = {};
  for (const { name, value } of Array.from(root.attributes)) props[name === 'class' ? 'className' : name] = value;
  return { tag: root.tagName.toLowerCase(), props, html: root.innerHTML };
}

/** A route component that renders the snapshot; it stays valid for later visits, the page is static. */
export function prerenderedPage(snapshot: Snapshot) {
  return function PrerenderedPage() {
    const navigate = useNavigate();
    const page = useRef<HTMLElement>(null);
    useIslands(page);
    function onClick(event: MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || link.hasAttribute('download')) return;
      // In-page anchors (a table of contents) are the browser's job.
      if (url.pathname === window.location.pathname && url.hash) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    }
    return createElement(snapshot.tag, {
      ...snapshot.props,
      ref: page,
      onClick,
      dangerouslySetInnerHTML: { __html: snapshot.html },
    });
  };
}

// `input` and `change` too: autofill, password managers and assistive tools can fill a
// field without focusing it or pressing a key, and the island must still take that text.
const WAKE_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'click', 'input', 'change'] as const;

/** Hydrates the islands inside `page` on first use (or at once for wake="load"); unmounts them with the page. */
function useIslands(page: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const host = page.current;
    if (!host) return;
    let live = true;
    const roots: Root[] = [];
    /** Islands whose code is loading, with the control clicked meanwhile (replayed once live). */
    const waking = new Map<HTMLElement, HTMLElement | null>();
    const awake = new WeakSet<HTMLElement>();

    function wake(island: HTMLElement) {
      if (awake.has(island) || waking.has(island)) return;
      const name = island.getAttribute(ISLAND_ATTRIBUTE) ?? '';
      const load: ((island: HTMLElement) => Promise<ReactNode>) | undefined =
        name in islands ? islands[name as IslandName] : undefined;
      if (!load) return;
      waking.set(island, null);
      load(island).then(
        (node) => {
          const clicked = waking.get(island);
          waking.delete(island);
          if (!live) return;
          awake.add(island);
          roots.push(hydrateRoot(island, node));
          // React replays a click on a root that is still hydrating.
          if (clicked?.isConnected) clicked.click();
        },
        // Offline before the worker cached it: the next use tries again.
        () => waking.delete(island),
      );
    }

    function onEvent(event: Event) {
      const target = event.target instanceof Element ? event.target : null;
      const island = target?.closest<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`);
      if (!island || !host?.contains(island)) return;
      wake(island);
      if (event.type === 'click' && waking.has(island)) {
        waking.set(island, target?.closest<HTMLElement>('button, summary, [role="button"]') ?? null);
      }
    }

    for (const type of WAKE_EVENTS) host.addEventListener(type, onEvent, { capture: true, passive: true });
    // Islands used before the app arrived (it loads after the first paint) wake now too.
    host.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`).forEach((island) => {
      const used = island.contains(document.activeElement) || hasUserInput(island);
      if (used || island.getAttribute(ISLAND_WAKE_ATTRIBUTE) === 'load') wake(island);
    });
    return () => {
      live = false;
      for (const type of WAKE_EVENTS) host.removeEventListener(type, onEvent, { capture: true });
      // Not during React's own commit: unmount the island roots right after it.
      const leaving = roots.splice(0);
      setTimeout(() => leaving.forEach((root) => root.unmount()));
    };
  }, [page]);
}

/** True when a field in `root` holds something other than what the server rendered. */
function hasUserInput(root: HTMLElement): boolean {
  return Array.from(root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')).some((field) =>
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue,
  );
}
