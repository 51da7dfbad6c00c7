/**
 * /dashboard/poster/{id}: the printable QR poster of one of the user's
 * listings (src/components/share/qr-poster.tsx), from the dashboard's own
 * data — so it opens and prints offline too. Its code carries `?src=qr`, so
 * the listing's insights count the scans.
 */
import { useParams } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { publicListingUrl, withSource } from '../../components/share/listing-link.ts';
import { QrPoster } from '../../components/share/qr-poster.tsx';
import { listingSlug } from '../../shared/contract/listing-url.ts';
import { useMyEvents } from '../../stores/my-events-store.ts';
import { useShownEvents } from '../../stores/use-overlaid-events.ts';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';

export function Component() {
  useDocumentTitle('QR poster', 'dashboard');
  const { id } = useParams();
  const shown = useShownEvents();
  const status = useMyEvents((s) => s.status);
  const event = shown.find((row) => row.target === `event:${id}`);
  const url = event ? publicListingUrl(event.target, event.record.title) : null;
  return (
    <section className="dash-page" aria-labelledby="poster-title">
      <div className="dash-page__head">
        <h1 id="poster-title">QR poster</h1>
        <Link
          to={
            (event?.record.is_listing ?? event?.record.is_recurring) ? `/dashboard/business/${id}` : '/dashboard/events'
          }
        >
          Back
        </Link>
      </div>
      {event && url ? (
        <QrPoster
          record={event.record}
          url={url}
          qrUrl={withSource(url, 'qr')}
          fileName={`${listingSlug(event.record.title)}-qr.png`}
        />
      ) : status !== 'ready' ? (
        <p role="status">Loading…</p>
      ) : (
        <p className="alert alert--error" role="alert">
          This listing was not found, or it has not synced yet.
        </p>
      )}
    </section>
  );
}
