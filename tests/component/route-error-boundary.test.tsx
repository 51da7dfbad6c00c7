import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { dashboardRoute } from '../../src/app/dashboard-route.tsx';
import { RouteError } from '../../src/app/layout/route-error.tsx';
import { patchRoutesOnNavigation, routes } from '../../src/app/routes.tsx';

/** Each page route with whether a boundary sits between it and the site's root layout. */
function pages(list: readonly RouteObject[], guarded = false, depth = 0): Array<[string, boolean]> {
  return list.flatMap((route) => {
    const here = guarded || (depth > 0 && (route.errorElement !== undefined || route.ErrorBoundary !== undefined));
    const name = route.index ? '(index)' : (route.path ?? '(layout)');
    return route.children ? pages(route.children, here, depth + 1) : [[name, here] as [string, boolean]];
  });
}

function renderFailing(failure: () => never | Promise<never>) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <main>
            <p>Site frame</p>
            <Outlet />
          </main>
        ),
        errorElement: <RouteError />,
        // The shape of the real table: a pathless boundary inside the frame, around the pages.
        children: [{ errorElement: <RouteError />, children: [{ path: 'page', lazy: async () => failure() }] }],
      },
    ],
    { initialEntries: ['/page'] },
  );
  render(<RouterProvider router={router} />);
}

describe('route error boundary', () => {
  it('guards every page of the table from inside the site frame', async () => {
    // The dashboard's routes join the table on the way to /dashboard (its own chunk).
    let added: { id: string | null; children: RouteObject[] } | undefined;
    for (const path of ['/about', '/dashboard/events']) {
      await patchRoutesOnNavigation({
        path,
        matches: [],
        signal: new AbortController().signal,
        fetcherKey: undefined,
        patch: (id, children) => void (added = { id, children }),
      });
      if (path === '/about') expect(added).toBeUndefined();
    }
    const dashboard = added!;
    expect(dashboard.children).toEqual([dashboardRoute]);
    const withDashboard = (list: readonly RouteObject[]): RouteObject[] =>
      list.map((route) =>
        route.id === dashboard.id
          ? ({ ...route, children: [...(route.children ?? []), ...dashboard.children] } as RouteObject)
          : route.children
            ? ({ ...route, children: withDashboard(route.children) } as RouteObject)
            : route,
      );
    const all = pages(withDashboard(routes));
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter(([, guarded]) => !guarded)).toEqual([]);
    expect(routes[0]?.errorElement).toBeTruthy(); // and the frame itself
  });

  it('a page chunk that fails to load after a deploy offers the newer version, inside the site frame', async () => {
    renderFailing(() => {
      throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/events-page-1a2b.js');
    });
    expect(await screen.findByRole('heading', { name: 'A newer version is available — reload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('Site frame')).toBeInTheDocument();
  });

  it('a dashboard chunk that fails to load (its routes come with it) offers the newer version, inside the site frame', async () => {
    const frame = (
      <main>
        <p>Site frame</p>
        <Outlet />
      </main>
    );
    const router = createMemoryRouter([{ ...routes[0], element: frame } as RouteObject], {
      initialEntries: ['/dashboard/events'],
      patchRoutesOnNavigation: () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/dashboard-route-1a2b.js')),
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'A newer version is available — reload' })).toBeInTheDocument();
    expect(screen.getByText('Site frame')).toBeInTheDocument();
  });

  it('any other failure says something went wrong, with a reload', async () => {
    renderFailing(() => {
      throw new Error('boom');
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it.each([
    ['Chromium', 'Failed to fetch dynamically imported module: /assets/a.js'],
    ['Firefox', 'error loading dynamically imported module: /assets/a.js'],
    ['Safari', 'Importing a module script failed.'],
  ])('recognises %s’s dynamic-import failure', async (_browser, message) => {
    renderFailing(() => {
      throw new TypeError(message);
    });
    expect(await screen.findByRole('heading', { name: 'A newer version is available — reload' })).toBeInTheDocument();
  });

  it('does not call an ordinary TypeError a new version', async () => {
    renderFailing(() => {
      throw new TypeError('Cannot read properties of undefined');
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
