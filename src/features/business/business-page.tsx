/**
 * The business listing (product §2, §3, §9): /dashboard/add-business creates it,
 * /dashboard/business/{id} edits it. One listing per user: with one already,
 * Add Business goes to it. A live preview shows it as the app will. Below
 * its title, the venue's Requests: events promoters asked to list there
 * (the business tab counts the ones still waiting).
 */
import { Navigate, useParams } from 'react-router-dom';
import { useAuth } from '../../stores/auth-store.ts';
import { useSync } from '../../stores/sync-store.ts';
import { useMyEvents } from '../../stores/my-events-store.ts';
import { targetId, useBusinessListing, useShownEvents } from '../../stores/use-overlaid-events.ts';
import { BusinessForm, useCreatingListing } from './business-form-view.tsx';
import { VenueRequests } from './venue-requests.tsx';

export function Component() {
  const { id } = useParams();
  const userType = useAuth((s) => s.user?.user_type);
  const listing = useBusinessListing();
  const shown = useShownEvents();
  const status = useMyEvents((s) => s.status);
  const idMap = useSync((s) => s.idMap);
  const creating = useCreatingListing();

  if (userType !== 'business') return <Navigate to="/dashboard" replace />;

  if (id === undefined) {
    // One listing per user (product §9): Add Business opens the existing one.
    // While this form's own create is being queued, its pending copy is not "another" listing.
    if (listing && !creating) {
      return <Navigate to={`/dashboard/business/${targetId(listing.target)}`} replace />;
    }
    if (status !== 'ready') return <Loading />;
    return <BusinessForm key="new" listing={null} />;
  }

  const realId = idMap[`event:${id}`];
  if (realId !== undefined) return <Navigate to={`/dashboard/business/${realId}`} replace />;
  const record = shown.find((event) => event.target === `event:${id}`) ?? null;
  if (!record) {
    if (status !== 'ready') return <Loading />;
    return (
      <section className="dash-page">
        <h1>Business</h1>
        <p className="alert alert--error" role="alert">
          This business listing was not found.
        </p>
      </section>
    );
  }
  return <BusinessForm key={record.target} listing={record} requests={record.id !== null ? <VenueRequests /> : null} />;
}

function Loading() {
  return (
    <p className="page-loading" role="status">
      Loading your business…
    </p>
  );
}
