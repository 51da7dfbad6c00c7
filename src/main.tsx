import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteMatch, type RouteObject } from 'react-router-dom';
import { prerenderedPage, snapshotPage } from './app/layout/prerendered-page.tsx';
import { routes } from './app/routes.tsx';
import { staticPagePaths } from './content/page-meta.ts';
import { registerServiceWorker } from './lib/sw-bridge.ts';
import { DB_NAME } from './shared/db/schema.ts';
import { useAuth } from './stores/auth-store.ts';

async function boot() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const prerendered = root.hasAttribute('data-prerendered');
  // Let the browser paint the server HTML before hydrating: a module script that
  // arrives before the HTML finished parsing would otherwise hydrate ahead of the
  // first paint and hold the page text back. The route's modules load meanwhile.
  const painted = prerendered ? afterNextPaint() : Promise.resolve();

  // A prerendered page must hydrate against the same tree it was rendered
  // from, so the lazy modules of the current route load before hydration.
  // A static text page keeps its server HTML instead (no page module at all).
  const path = window.location.pathname.replace(/(.)\/+$/, '$1');
  const snapshot = prerendered && staticPagePaths.has(path) ? snapshotPage(document.getElementById('main')) : null;
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }, index) => {
      if (typeof route.lazy !== 'function') return;
      if (snapshot && index === matches.length - 1) {
        Object.assign(route, { Component: prerenderedPage(snapshot), lazy: undefined });
        return;
      }
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );

  const router = createBrowserRouter(routes, prerendered ? { hydrationData: await loaderDataOf(matches) } : {});
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  await painted;
  if (prerendered) hydrateRoot(root, app);
  else createRoot(root).render(app);

  void startStoredState();
  const register = () => void registerServiceWorker();
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * The loader results the prerendered page was rendered with (the FAQ reads
 * them back from the page), keyed by the router's route ids — the index path
 * joined by '-', react-router's default when a route names no id — so the
 * router starts initialised and hydration matches the server HTML.
 */
async function loaderDataOf(matches: RouteMatch[]): Promise<{ loaderData: Record<string, unknown> }> {
  const loaderData: Record<string, unknown> = {};
  let siblings: RouteObject[] | undefined = routes;
  const path: number[] = [];
  for (const { route, params } of matches) {
    path.push(siblings?.indexOf(route) ?? -1);
    siblings = route.children;
    if (typeof route.loader !== 'function') continue;
    // Our page loaders read only what they are given; the full argument type is the router's business.
    const load = route.loader as (args: { request: Request; params: typeof params }) => unknown;
    loaderData[route.id ?? path.join('-')] = await load({ request: new Request(window.location.href), params });
  }
  return { loaderData };
}

/**
 * Sign-in start-up and the outbox (IndexedDB, schemas, the API client) are not
 * needed to paint or hydrate a page, so they load as their own chunks after
 * hydration — and not at all on a first visit: with no app database in this
 * browser there can be no stored tokens (startAuth's signed-out outcome) and no
 * queued writes.
 */
async function startStoredState(): Promise<void> {
  const databases = await globalThis.indexedDB?.databases?.().catch(() => null);
  if (databases && !databases.some((db) => db.name === DB_NAME)) {
    useAuth.setState({ status: 'signed-out', user: null });
    return;
  }
  // Writes queued in an earlier visit (e.g. an offline issue report) go out now.
  void import('./stores/sync-boot.ts').then(({ startSyncIfQueued }) => startSyncIfQueued()).catch(() => undefined);
  const { startAuth } = await import('./stores/auth-actions.ts');
  await startAuth();
}

/** Resolves once a frame has been painted (or after 100 ms where frames are paused, e.g. a hidden tab). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

void boot();
