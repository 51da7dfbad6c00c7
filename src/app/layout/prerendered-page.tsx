/**
 * Keeps a prerendered text page as the server rendered it, instead of
 * downloading its module only to rebuild the same DOM during hydration. This is
 * what holds a first visit to a marketing page inside the 100 KB JavaScript
 * budget (issue 4): React and the data router already take ~94 KB, and the page
 * text would otherwise be sent twice, once as HTML and once as JS.
 *
 * React leaves the children of an element with dangerouslySetInnerHTML alone
 * while hydrating; we pass it the very HTML that is on screen, so nothing
 * changes. Links inside that HTML are plain anchors, so same-origin clicks are
 * handed to the router to keep client-side navigation.
 */
import { createElement, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

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
      onClick,
      dangerouslySetInnerHTML: { __html: snapshot.html },
    });
  };
}
