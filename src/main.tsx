import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes.tsx';
import { registerServiceWorker } from './lib/sw-bridge.ts';
import { startAuth } from './stores/auth-actions.ts';

async function boot() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  // A prerendered page must hydrate against the same tree it was rendered
  // from, so the lazy modules of the current route load before hydration.
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );

  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (root.hasAttribute('data-prerendered')) hydrateRoot(root, app);
  else createRoot(root).render(app);

  void startAuth();
  const register = () => void registerServiceWorker();
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

void boot();
