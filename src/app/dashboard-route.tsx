/**
 * The dashboard's part of the route table (product §2), in the dashboard's own
 * chunk: src/app/routes.tsx adds it on the way to /dashboard, so the public
 * site's first visit carries none of it. Its guard (product §2, §6): signed-out
 * visitors go to /login, signed-in users who are neither business nor
 * subpromoter go to /no-access.
 */
import { Navigate, type RouteObject } from 'react-router-dom';
import { DashboardLayout } from '../features/dashboard/dashboard-layout.tsx';
import { useAuth } from '../stores/auth-store.ts';
import { canUseDashboard } from '../shared/contract/user-types.ts';
import { RouteError } from './layout/route-error.tsx';

function DashboardGuard() {
  const status = useAuth((s) => s.status);
  const userType = useAuth((s) => s.user?.user_type);
  if (status === 'loading') {
    return (
      <div className="page-loading" role="status">
        Loading your dashboard…
      </div>
    );
  }
  if (status === 'signed-out') return <Navigate to="/login" replace />;
  if (!canUseDashboard(userType)) return <Navigate to="/no-access" replace />;
  return <DashboardLayout />;
}

export const dashboardRoute: RouteObject = {
  // The id lets the router recognise the route when it is added a second time.
  id: 'dashboard',
  path: 'dashboard',
  Component: DashboardGuard,
  // Errors of the dashboard's pages, inside the dashboard's frame.
  ErrorBoundary: RouteError,
  children: [
    { index: true, lazy: () => import('../features/profile/profile-page.tsx') },
    { path: 'profile', lazy: () => import('../features/profile/profile-page.tsx') },
    { path: 'profile/poster', lazy: () => import('../features/profile/public-page-poster.tsx') },
    { path: 'events', lazy: () => import('../features/events/events-page.tsx') },
    { path: 'add-business', lazy: () => import('../features/business/business-page.tsx') },
    { path: 'business/:id', lazy: () => import('../features/business/business-page.tsx') },
    { path: 'outbox', lazy: () => import('../features/outbox/outbox-page.tsx') },
    { path: 'team', lazy: () => import('../features/team/team-page.tsx') },
    { path: 'poster/:id', lazy: () => import('../features/poster/poster-page.tsx') },
  ],
};
