/**
 * Marks the part of a page that needs JavaScript. On a first visit the page
 * stays the server's HTML (src/app/layout/prerendered-page.tsx) and only its
 * islands come alive: each one downloads and hydrates when the visitor first
 * points at it, focuses it or presses a key in it — or as soon as the page
 * runs, for `wake="load"`. Reading a page costs no page JavaScript at all;
 * using a control costs only that control's. Rendered in a live page (a
 * client-side navigation) an island is just its children.
 *
 * An island's component renders the same with or without the router around
 * it (it hydrates as a root of its own): no router hooks, no useId.
 */
import type { ReactNode } from 'react';

export type IslandName = 'issue-form' | 'faq-search' | 'ios-beta' | 'install-app';

export const ISLAND_ATTRIBUTE = 'data-island';
export const ISLAND_WAKE_ATTRIBUTE = 'data-island-wake';

export function Island({ name, wake, children }: { name: IslandName; wake?: 'load'; children: ReactNode }) {
  return (
    <div className="island" {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_WAKE_ATTRIBUTE]: wake }}>
      {children}
    </div>
  );
}
