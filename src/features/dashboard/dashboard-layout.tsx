/**
 * The dashboard shell (product §2): tabs Profile, the business tab (business
 * users only: the listing's title linking to /dashboard/business/{id}, or Add
 * Business), Events and Team (the people who act for this account, contract §12),
 * with the sync indicator beside them.
 */
import './dashboard.css';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatch } from 'react-router-dom';
import { readArrivalNotice } from '../../components/forms/arrival-notice.ts';
import { NavLink } from '../../components/link.tsx';
import { useAuth } from '../../stores/auth-store.ts';
import { targetId, useBusinessListing } from '../../stores/use-overlaid-events.ts';
import { SyncIndicator } from './shell/sync-indicator.tsx';
import { useDashboardData } from './shell/use-dashboard-data.ts';

export function DashboardLayout() {
  const user = useAuth((s) => s.user);
  useDashboardData(user?.id);
  const onIndex = useMatch({ path: '/dashboard', end: true }) !== null;
  // e.g. "Password changed" after a reset: said once, on arrival.
  const notice = readArrivalNotice(useLocation().state);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // The page it came from may have been scrolled far down (Reset password is at the end of a
  // long form on a phone): focus brings the sentence into view and has it read.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  return (
    <div className="dashboard">
      <div className="dashboard__bar">
        <nav aria-label="Dashboard" className="dashboard__tabs">
          <NavLink to="/dashboard/profile" className={({ isActive }) => tabClass(isActive || onIndex)}>
            Profile
          </NavLink>
          {user?.user_type === 'business' ? <BusinessTab /> : null}
          <NavLink to="/dashboard/events" className={({ isActive }) => tabClass(isActive)}>
            Events
          </NavLink>
          <NavLink to="/dashboard/team" className={({ isActive }) => tabClass(isActive)}>
            Team
          </NavLink>
        </nav>
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
        {listing.record.title || 'My business'}
      </NavLink>
    );
  }
  return (
    <NavLink to="/dashboard/add-business" className={({ isActive }) => tabClass(isActive)}>
      Add Business
    </NavLink>
  );
}
