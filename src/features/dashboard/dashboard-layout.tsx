import { NavLink, Outlet } from 'react-router-dom';
import { useAuth } from '../../stores/auth-store.ts';

export function DashboardLayout() {
  const user = useAuth((s) => s.user);
  return (
    <div className="dashboard">
      <h1 className="visually-hidden">Dashboard</h1>
      <nav aria-label="Dashboard" className="dashboard__tabs">
        <NavLink to="/dashboard/profile">Profile</NavLink>
        {user?.user_type === 'business' ? <NavLink to="/dashboard/add-business">Add Business</NavLink> : null}
        <NavLink to="/dashboard/events">Events</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
