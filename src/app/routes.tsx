/**
 * The route table of SPEC §2, shared by the browser router and the prerenderer.
 * Pages are lazy modules exporting `Component`, so marketing routes ship no
 * dashboard code and each page loads only its own chunk.
 */
import { redirect, type RouteObject } from 'react-router-dom';
import { brand } from '../brand.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { routeError } from './layout/route-error.tsx';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: routeError,
    children: [
      {
        // Every page's error boundary, inside the site's frame: a page that throws, or whose
        // chunk fails to load (a deploy since the tab opened), gets a way out, not a blank screen.
        errorElement: routeError,
        children: [
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
          { path: 'login', loader: () => redirect('/?login=1') },
          {
            path: 'dashboard',
            lazy: () => import('./dashboard-route.tsx'),
            children: [
              { index: true, lazy: () => import('../features/profile/profile-page.tsx') },
              { path: 'profile', lazy: () => import('../features/profile/profile-page.tsx') },
              { path: 'events', lazy: () => import('../features/events/events-page.tsx') },
              { path: 'add-business', lazy: () => import('../features/business/business-page.tsx') },
              { path: 'business/:id', lazy: () => import('../features/business/business-page.tsx') },
              { path: 'outbox', lazy: () => import('../features/outbox/outbox-page.tsx') },
              { path: 'poster/:id', lazy: () => import('../features/poster/poster-page.tsx') },
            ],
          },
          { path: '*', loader: () => redirect('/') },
        ],
      },
    ],
  },
];
