/**
 * The /dashboard guard of SPEC §2 and §6: signed-out visitors go to /login,
 * signed-in users who are neither business nor subpromoter go to /no-access.
 */
import { Navigate } from 'react-router-dom';
import { DashboardLayout } from '../features/dashboard/dashboard-layout.tsx';
import { useAuth } from '../stores/auth-store.ts';
import { canUseDashboard } from '../shared/contract/user-types.ts';

export function Component() {
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

/** Errors of the dashboard's pages, from the dashboard's own chunk (no cost to the public pages). */
export { RouteError as ErrorBoundary } from './layout/route-error.tsx';
