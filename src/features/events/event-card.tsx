/**
 * One event as a card (contract §9): title, badges (Event for sponsored,
 * Business for recurring), when, where, cover, its own Edit and Delete
 * buttons, the venue's answer when it names a venue ("Waiting for the
 * venue", "Approved by the venue"), and its sync state as text ("Pending sync", "Needs attention")
 * with the server's detail, Open the change, Retry and Discard when the server refused it.
 */
import { scheduledWhen } from './publish-at.ts';
import { memo } from 'react';
import { Link } from '../../components/link.tsx';
import { EmbedButton } from '../../components/embed/embed-button.tsx';
import { InsightsButton } from '../../components/insights/insights-button.tsx';
import { ShareActions } from '../../components/share/share-actions.tsx';
import { discardEntry, retryNow } from '../../stores/sync-actions.ts';
import { useSync } from '../../stores/sync-store.ts';
import type { ShownEvent } from '../../stores/use-overlaid-events.ts';
import { useQueuedCover } from '../../stores/use-queued-cover.ts';
import { SyncBadge } from '../../components/forms/sync-badge.tsx';
import { imageSources } from '../../shared/contract/media-url.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { weeklySeriesText } from '../../shared/calendar/weekly-series.ts';
import { venueStatusLabels } from '../../shared/contract/venue-approval.ts';
import { describeWhen } from './event-when.ts';

interface EventCardProps {
  event: ShownEvent;
  onEdit: (event: ShownEvent) => void;
  onDuplicate: (event: ShownEvent) => void;
  onDelete: (event: ShownEvent) => void;
}

/**
 * Memoised: a list of hundreds re-renders only the cards whose row changed
 * (rows keep their identity while unchanged, use-overlaid-events.ts), so a
 * draining outbox does not re-render every card per sent entry.
 */
/** Cards are one column on a phone and about 24rem wide in the desktop grid (.event-list). */
const CARD_COVER_SIZES = '(max-width: 40rem) calc(100vw - 2rem), 24rem';

export const EventCard = memo(function EventCard({ event, onEdit, onDuplicate, onDelete }: EventCardProps) {
  const { record } = event;
  const titleId = `event-title-${event.target.replace(/[^a-z0-9-]/gi, '-')}`;
  // A business's recurring record is its listing; a promoter's is a weekly series.
  const business = useAuth((s) => s.user?.user_type !== 'subpromoter');
  const weekly = record.is_recurring === true && !business;
  const when = weekly ? weeklySeriesText(record) : describeWhen(record);
  // A new cover still in the outbox (chosen offline, or not sent yet) is the one to show.
  const queuedCover = useQueuedCover(event.target);
  return (
    <article className="event-card" aria-labelledby={titleId}>
      <div className="event-card__cover">
        {queuedCover ? (
          <img src={queuedCover} alt="" />
        ) : record.cover_image ? (
          <img src={record.cover_image} {...imageSources(record.cover_image, CARD_COVER_SIZES)} alt="" loading="lazy" />
        ) : (
          <span aria-hidden="true">✦</span>
        )}
      </div>
      <div className="event-card__body">
        <div className="event-card__badges">
          {record.is_sponsored ? <span className="badge badge--event">Event</span> : null}
          {record.is_recurring && business ? <span className="badge badge--business">Business</span> : null}
          {weekly ? <span className="badge">Weekly</span> : null}
          {record.status === 'draft' && record.publish_at ? (
            <span className="badge badge--draft">Scheduled · {scheduledWhen(record.publish_at)}</span>
          ) : record.status === 'draft' ? (
            <span className="badge badge--draft">Draft</span>
          ) : null}
          {record.status === 'cancelled' ? <span className="badge badge--cancelled">Cancelled</span> : null}
          {record.status === 'postponed' ? <span className="badge badge--postponed">Postponed</span> : null}
          {record.status === 'published' && record.previous_start_date ? (
            <span className="badge badge--postponed">New date</span>
          ) : null}
          {record.sold_out ? <span className="badge badge--sold-out">Sold out</span> : null}
          <SyncBadge state={event.syncState} />
        </div>
        {/* h3: the cards sit under the Upcoming, Drafts and Past headings (h2). */}
        <h3 id={titleId} className="event-card__title">
          {record.title || 'Untitled'}
        </h3>
        {when ? <p className="event-card__meta">{when}</p> : null}
        {record.location_name ? <p className="event-card__meta event-card__place">{record.location_name}</p> : null}
        <VenueState event={event} />
        {event.syncState === 'needs-attention' ? <AttentionActions event={event} onOpen={onEdit} /> : null}
        <div className="event-card__actions">
          <button type="button" className="button button--small button--ghost" onClick={() => onEdit(event)}>
            Edit
          </button>
          {!record.is_recurring ? (
            <button type="button" className="button button--small button--quiet" onClick={() => onDuplicate(event)}>
              Duplicate
            </button>
          ) : null}
          <button type="button" className="button button--small button--danger" onClick={() => onDelete(event)}>
            Delete
          </button>
          <ShareActions
            target={event.target}
            title={record.title}
            text={[when, record.location_name].filter(Boolean).join(' · ')}
            draft={record.status === 'draft'}
          />
          <InsightsButton target={event.target} title={record.title} />
          {record.status === 'draft' ? null : <EmbedButton target={event.target} title={record.title} />}
        </div>
      </div>
    </article>
  );
});

/**
 * The venue's answer in words (contract §10). A venue chosen in a change not
 * yet sent is waiting for the venue by definition: naming a venue asks it.
 */
function VenueState({ event }: { event: ShownEvent }) {
  const { record, server } = event;
  if (typeof record.venue_id !== 'number') return null;
  const known = server?.venue_id === record.venue_id;
  const status = known && server.venue_status ? server.venue_status : 'pending';
  const title = known ? server.venue_title : null;
  return (
    <p className={`event-card__meta event-card__venue event-card__venue--${status}`}>
      <span className="event-card__venue-name">{title ? `At ${title}` : 'At the chosen venue'}</span>
      {' · '}
      <span>{venueStatusLabels[status]}</span>
    </p>
  );
}

/**
 * A change the server refused (saves do not wait for it): its detail, and a way to open
 * the change again (the editor shows the server's messages beside their fields), retry or discard it.
 */
function AttentionActions({ event, onOpen }: { event: ShownEvent; onOpen: (event: ShownEvent) => void }) {
  const sync = useSync((s) => s.byTarget[event.target]);
  if (!sync) return null;
  return (
    <div className="attention">
      {sync.lastError ? <p className="attention__error">{sync.lastError}</p> : null}
      {sync.conflict ? (
        <p className="attention__error">
          Changed elsewhere since you edited it. <Link to="/dashboard/outbox">Compare and choose in the Outbox</Link>.
        </p>
      ) : null}
      <div className="actions">
        {sync.conflict ? null : (
          <button type="button" className="button button--small button--primary" onClick={() => onOpen(event)}>
            Open the change
          </button>
        )}
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => void retryNow(sync.entryIds[0])}
        >
          Retry
        </button>
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() => void Promise.all(sync.entryIds.map((id) => discardEntry(id)))}
        >
          Discard change
        </button>
      </div>
    </div>
  );
}
