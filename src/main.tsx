import './styles/index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { prerenderedPage, snapshotPage } from './app/layout/prerendered-page.tsx';
import { addRoutesFor, patchRoutesOnNavigation, routes } from './app/routes.tsx';
import { registerServiceWorker } from './lib/sw-bridge.ts';
import { DB_NAME } from './shared/db/schema.ts';
import { useAuth } from './stores/auth-store.ts';

async function boot() {
  // Every page the server sends has #root (index.html, the prerendered pages, the shell).
  const root = document.getElementById('root')!;
  const prerendered = root.hasAttribute('data-prerendered');
  // The bundle's evaluation is one long task on a slow phone; start the app in
  // the next one, so input is handled in between.
  await nextTask();

  // A prerendered page keeps its server HTML: the layout around it hydrates,
  // the page itself is not rebuilt from its module (its controls are islands,
  // see src/app/layout/prerendered-page.tsx). Other routes' lazy modules load
  // before the first render, so it never shows an empty fallback.
  const snapshot = prerendered ? snapshotPage(document.getElementById('main')) : null;
  // The dashboard shows nothing without the session, so its sign-in start-up (the stored
  // tokens, the profile request) runs beside the route's chunks instead of after them.
  const stored = isDashboard(window.location.pathname) ? startStoredState() : null;
  // A dashboard address opened directly: the dashboard's routes come with its chunk.
  await addRoutesFor(window.location.pathname);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }, index) => {
      if (typeof route.lazy !== 'function') return;
      if (snapshot && index === matches.length - 1) {
        Object.assign(route, { Component: prerenderedPage(snapshot), lazy: undefined, loader: undefined });
        return;
      }
      // A chunk that fails to load (a deploy since the tab opened) stays lazy: the router tries
      // again and shows the page's error boundary ("A newer version is available") instead of nothing.
      const loaded = await route.lazy().catch(() => null);
      if (loaded) Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );

  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // Without a snapshot (not a prerendered page) the app renders from scratch.
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // running as one long task right after the page paints (a click meanwhile makes React
  // finish the part it needs first, and early-click.ts replays a click on a button).
  if (snapshot) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);

  if (!stored) void startStoredState();
  const register = () => void registerServiceWorker();
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
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

const isDashboard = (path: string) => /^\/dashboard(\/|$)/i.test(path);

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void boot();
