/**
 * The dashboard shell (product §2): tabs Profile, the business tab (business
 * users only: the listing's title linking to /dashboard/business/{id}, or Add
 * Business), Events and Team (the people who act for this account, contract §12),
 * with the sync indicator beside them. A team member gets the Account switcher
 * before them, and acting for an owner sees the tabs of their role there:
 * an editor Events only, a manager all but Team (and the owner's sign-in).
 */
import './dashboard.css';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatch } from 'react-router-dom';
import { readArrivalNotice } from '../../components/forms/arrival-notice.ts';
import { NavLink } from '../../components/link.tsx';
import { canUseDashboard } from '../../shared/contract/user-types.ts';
import {
  actingMembership,
  chooseAccount,
  loadMemberships,
  membershipsOf,
  useAccount,
  useShownAccountId,
} from '../../stores/account-store.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { useSync } from '../../stores/sync-store.ts';
import { targetId, useBusinessListing } from '../../stores/use-overlaid-events.ts';
import { useVenueRequests, waitingCount } from '../../stores/venue-requests-store.ts';
import { AccountSwitcher } from './shell/account-switcher.tsx';
import { SyncIndicator } from './shell/sync-indicator.tsx';
import { useDashboardData } from './shell/use-dashboard-data.ts';

/** Pages an editor acting for an owner may open (events only). */
const EDITOR_PAGES = /^\/dashboard\/(events|outbox|poster)(\/|$)/;

export function DashboardLayout() {
  const user = useAuth((s) => s.user);
  const online = useSync((s) => s.online);
  const accounts = useAccount((s) => membershipsOf(s, user?.id));
  const acting = useAccount((s) => actingMembership(s, user?.id));
  const ownDashboard = canUseDashboard(user?.user_type);
  useDashboardData(acting?.owner_id ?? (ownDashboard ? user?.id : undefined));
  const onIndex = useMatch({ path: '/dashboard', end: true }) !== null;
  const { pathname } = useLocation();
  const userId = user?.id;

  // Which teams one is on can change at any time (an invitation accepted elsewhere, a removal).
  useEffect(() => {
    if (userId !== undefined && online) void loadMemberships(userId);
  }, [userId, online]);

  // Someone with no dashboard of their own is here only for the accounts they act for.
  const firstAccount = accounts[0]?.owner_id;
  useEffect(() => {
    if (userId !== undefined && !ownDashboard && acting === null && firstAccount !== undefined)
      chooseAccount(userId, firstAccount);
  }, [userId, ownDashboard, acting, firstAccount]);

  // e.g. "Password changed" after a reset: said once, on arrival.
  const notice = readArrivalNotice(useLocation().state);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The page it came from may have been scrolled far down (Reset password is at the end of a
  // long form on a phone): focus brings the sentence into view and has it read.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const role = acting?.role ?? null;
  if (role === 'editor' && !EDITOR_PAGES.test(pathname)) return <Navigate to="/dashboard/events" replace />;
  if (role === 'manager' && /^\/dashboard\/team(\/|$)/.test(pathname))
    return <Navigate to="/dashboard/profile" replace />;
  // Off every team (removed meanwhile), someone without a dashboard of their own has nothing here.
  if (!ownDashboard && accounts.length === 0) return <Navigate to="/no-access" replace />;
  if (!ownDashboard && acting === null)
    return (
      <div className="page-loading" role="status">
        Loading your accounts…
      </div>
    );
  return (
    <div className="dashboard">
      <div className="dashboard__bar">
        <div className="dashboard__bar-start">
          {user && accounts.length > 0 ? (
            <AccountSwitcher
              key={`${user.id}:${acting?.owner_id ?? 'own'}`}
              userId={user.id}
              accounts={accounts}
              chosen={acting?.owner_id ?? null}
              ownAccount={ownDashboard}
            />
          ) : null}
          <nav aria-label="Dashboard" className="dashboard__tabs">
            {role !== 'editor' ? (
              <NavLink to="/dashboard/profile" className={({ isActive }) => tabClass(isActive || onIndex)}>
                Profile
              </NavLink>
            ) : null}
            {(role === null ? user?.user_type : role === 'manager' ? acting?.user_type : null) === 'business' ? (
              <BusinessTab />
            ) : null}
            <NavLink to="/dashboard/events" className={({ isActive }) => tabClass(isActive)}>
              Events
            </NavLink>
            {role === null ? (
              <NavLink to="/dashboard/team" className={({ isActive }) => tabClass(isActive)}>
                Team
              </NavLink>
            ) : null}
          </nav>
        </div>
        <SyncIndicator />
      </div>
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} role="status" className="alert alert--success dashboard__notice">
          {notice}
        </p>
      ) : null}
      <Outlet />
    </div>
  );
}

function tabClass(active: boolean, extra = ''): string {
  return `dashboard__tab${active ? ' dashboard__tab--active' : ''}${extra ? ` ${extra}` : ''}`;
}

function BusinessTab() {
  const listing = useBusinessListing();
  if (listing) {
    return (
      <NavLink
        to={`/dashboard/business/${targetId(listing.target)}`}
        className={({ isActive }) => tabClass(isActive, 'dashboard__tab--business')}
      >
        <span className="dashboard__tab-label">{listing.record.title || 'My business'}</span>
        {listing.id !== null ? <WaitingRequestsBadge /> : null}
      </NavLink>
    );
  }
  return (
    <NavLink to="/dashboard/add-business" className={({ isActive }) => tabClass(isActive)}>
      Add Business
    </NavLink>
  );
}

/** How many promoters' requests wait for the venue's answer: the reason to open the tab. */
function WaitingRequestsBadge() {
  const userId = useShownAccountId();
  const views = useSync((s) => s.views);
  const waiting = waitingCount(useVenueRequests(userId).requests, views);
  if (waiting === 0) return null;
  return (
    <>
      <span className="dashboard__badge" aria-hidden="true">
        {waiting}
      </span>
      <span className="visually-hidden">{waiting === 1 ? ', 1 request waits' : `, ${waiting} requests wait`}</span>
    </>
  );
}
