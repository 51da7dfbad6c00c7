/**
 * The route table of product §2, shared by the browser router and the prerenderer.
 * Pages are lazy modules exporting `Component`, so marketing routes ship no
 * dashboard code and each page loads only its own chunk. The dashboard's
 * routes are not here at all: they come with its chunk (see `addRoutesFor`).
 */
import { redirect, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { brand } from '../brand.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { routeError } from './layout/route-error.tsx';

/** The pages (the dashboard's join them on the way there). */
const pages: RouteObject[] = [
  { index: true, lazy: () => import('../features/marketing/landing-page.tsx') },
  { path: brand.slug, lazy: () => import('../features/marketing/download-page.tsx') },
  { path: 'about', lazy: () => import('../features/marketing/about-page.tsx') },
  { path: 'contact', lazy: () => import('../features/marketing/contact-page.tsx') },
  { path: 'faq', lazy: () => import('../features/faq/faq-page.tsx') },
  { path: 'privacy', lazy: () => import('../features/legal/privacy-page.tsx') },
  { path: 'terms', lazy: () => import('../features/legal/terms-page.tsx') },
  { path: 'child-safety', lazy: () => import('../features/legal/child-safety-page.tsx') },
  { path: 'delete', lazy: () => import('../features/legal/delete-page.tsx') },
  { path: 'issue', lazy: () => import('../features/issue/issue-page.tsx') },
  { path: 'register', lazy: () => import('../features/auth/register-page.tsx') },
  { path: 'verify', lazy: () => import('../features/auth/verify-page.tsx') },
  { path: 'reset-password', lazy: () => import('../features/auth/reset-password-page.tsx') },
  { path: 'no-access', lazy: () => import('../features/auth/no-access-page.tsx') },
  { path: 'team/accept', lazy: () => import('../features/team/accept-page.tsx') },
  { path: 'login', loader: () => redirect('/?login=1') },
  // Holds the dashboard's place until its routes arrive (any of them outranks it): an address
  // it matches makes the router ask for them, and a failure to load them then shows in the
  // pages' error boundary, inside the frame. Addresses none of them match go home.
  { path: 'dashboard/*', loader: () => redirect('/') },
  { path: '*', loader: () => redirect('/') },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: routeError,
    children: [
      {
        // Every page's error boundary, inside the site's frame: a page that throws, or whose
        // chunk fails to load (a deploy since the tab opened), gets a way out, not a blank screen.
        id: 'pages',
        errorElement: routeError,
        children: pages,
      },
    ],
  },
];

/**
 * The routes under `path` that are not in the table yet: the dashboard's
 * (src/app/dashboard-route.tsx), which come with its chunk instead of with
 * every public page's first visit. Null when there are none.
 */
function missingRoutesFor(path: string): Promise<RouteObject[]> | null {
  return /^\/dashboard(\/|$)/i.test(path)
    ? import('./dashboard-route.tsx').then(({ dashboardRoute }) => [dashboardRoute])
    : null;
}

/** For the router: on the way to a dashboard address it adds the dashboard's routes. */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const children = await missingRoutesFor(path);
  if (children) patch('pages', children);
};

/**
 * Before the router starts (src/main.tsx, once): adds the routes a deep link
 * needs (e.g. /dashboard/events opened directly), so they resolve at once. A
 * failure leaves the table alone; the router's own try then shows it.
 */
export async function addRoutesFor(path: string): Promise<void> {
  pages.push(...((await missingRoutesFor(path)?.catch(() => null)) ?? []));
}
