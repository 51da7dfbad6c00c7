/**
 * The dashboard's part of the route table (product §2), in the dashboard's own
 * chunk: src/app/routes.tsx adds it on the way to /dashboard, so the public
 * site's first visit carries none of it. Its guard (product §2, §6): signed-out
 * visitors go to /login, signed-in users who are neither business nor
 * subpromoter go to /no-access.
 */
import { useEffect, useState } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { DashboardLayout } from '../features/dashboard/dashboard-layout.tsx';
import { loadMemberships, membershipsOf, useAccount } from '../stores/account-store.ts';
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
  if (!canUseDashboard(userType)) return <MemberGuard />;
  return <DashboardLayout />;
}

/** An app user who is on someone's team (contract §12) uses the dashboard for that account. */
function MemberGuard() {
  const userId = useAuth((s) => s.user?.id);
  const known = useAccount((s) => membershipsOf(s, userId).length > 0);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (userId === undefined || known) return;
    let live = true;
    void loadMemberships(userId).finally(() => {
      if (live) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [userId, known]);
  if (known) return <DashboardLayout />;
  if (!checked) {
    return (
      <div className="page-loading" role="status">
        Loading your dashboard…
      </div>
    );
  }
  return <Navigate to="/no-access" replace />;
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
