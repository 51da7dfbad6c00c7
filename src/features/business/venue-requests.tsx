/**
 * The **Requests** section of the business page (contract §10): events
 * promoters asked to list at this venue — title, date, promoter, cover —
 * each with **Approve** and **Decline**. Answers are outbox writes like every
 * other (target `venue-request:<event id>`): made offline they are kept on
 * this device and sent once, in order, when the connection is back; the
 * list shows them at once with "Waiting to sync". The list is read again
 * whenever the outbox has sent something or the device comes back online;
 * offline it shows the last list read on this device, with when it was read.
 */
import { useState } from 'react';
import { imageSources } from '../../shared/contract/media-url.ts';
import { venueStatusLabels, type VenueAnswer, type VenueRequest } from '../../shared/contract/venue-approval.ts';
import { pendingMessage, saveThroughOutbox } from '../../components/forms/save-result.ts';
import { useShownAccountId } from '../../stores/account-store.ts';
import { useSync } from '../../stores/sync-store.ts';
import {
  recordAnswered,
  unsentVenueStatus,
  useVenueRequests,
  venueRequestTarget,
  waitingCount,
} from '../../stores/venue-requests-store.ts';

const readAtText = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function whenText(request: VenueRequest): string {
  if (request.is_recurring) return 'Every week';
  if (!request.start_date) return 'No date yet';
  const date = new Date(`${request.start_date}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return request.start_time ? `${date}, ${request.start_time}` : date;
}

export function VenueRequests() {
  // The account shown: a manager acting for a venue answers its requests.
  const userId = useShownAccountId();
  const online = useSync((s) => s.online);
  const views = useSync((s) => s.views);
  const { requests: read, readAt, failed } = useVenueRequests(userId);
  const [notes, setNotes] = useState<Readonly<Record<number, string>>>({});
  const loaded = read !== null;

  async function answer(request: VenueRequest, verdict: VenueAnswer) {
    setNotes((all) => ({ ...all, [request.id]: '' }));
    const outcome = await saveThroughOutbox({
      kind: 'venue.answer',
      target: venueRequestTarget(request.id),
      eventId: request.id,
      venueId: request.venue_id,
      answer: verdict,
      title: request.title,
    });
    let note = '';
    if (outcome.kind === 'saved' && outcome.result?.kind === 'venue-answer') {
      recordAnswered(outcome.result.request);
    } else if (outcome.kind === 'pending') {
      note = pendingMessage(outcome.reason);
    } else if (outcome.kind === 'rejected') {
      note = outcome.detail ?? 'The answer was not accepted.';
    } else if (outcome.kind === 'failed') {
      note = 'The answer could not be saved on this device. Please try again.';
    }
    setNotes((all) => ({ ...all, [request.id]: note }));
  }

  const requests = read ?? [];
  const shown = requests.map((request) => {
    const unsent = unsentVenueStatus(views, request.id);
    return { request, status: unsent ?? request.venue_status, unsent: unsent !== null };
  });
  // Waiting for an answer first; answering one moves it down only when the list is read again.
  const waiting = waitingCount(read, views);

  return (
    <section className="dash-card venue-requests" aria-labelledby="venue-requests-title">
      <h2 id="venue-requests-title">Requests</h2>
      {requests.length > 0 ? (
        <p className="muted">
          Promoters ask to list their events at your venue. Approved events show “at” your venue and under What’s on on
          its page; until then they show without your name.
        </p>
      ) : null}
      {!loaded && failed ? (
        <p className="alert alert--error" role="alert">
          The requests could not be loaded. They will be read again when the connection is back.
        </p>
      ) : null}
      {!loaded && !failed ? (
        <p className="muted" role="status">
          {online ? 'Loading requests…' : 'Requests show here when you are online.'}
        </p>
      ) : null}
      {loaded && !online && readAt !== null ? (
        <p className="muted">You are offline: these are the requests as of {readAtText(readAt)}.</p>
      ) : null}
      {loaded && requests.length === 0 ? (
        <p className="muted">No requests yet. When promoters ask to list an event at your venue, it waits here.</p>
      ) : null}
      {loaded && requests.length > 0 ? (
        <>
          <p className="muted" aria-live="polite">
            {waiting === 1 ? '1 request waits for your answer.' : `${waiting} requests wait for your answer.`}
          </p>
          <ul className="venue-requests__list">
            {shown.map(({ request, status, unsent }) => {
              const titleId = `venue-request-${request.id}`;
              return (
                <li key={request.id} className="venue-request" aria-labelledby={titleId}>
                  <div className="venue-request__cover">
                    {request.cover_image ? (
                      <img
                        src={request.cover_image}
                        {...imageSources(request.cover_image, '8rem')}
                        alt=""
                        loading="lazy"
                      />
                    ) : (
                      <span aria-hidden="true">✦</span>
                    )}
                  </div>
                  <div className="venue-request__body">
                    <h3 id={titleId} className="venue-request__title">
                      {request.title}
                    </h3>
                    <p className="venue-request__meta">{whenText(request)}</p>
                    <p className="venue-request__meta">By {request.promoter}</p>
                    <p className={`venue-request__state venue-request__state--${status}`}>
                      {venueStatusLabels[status]}
                      {unsent ? ' · Waiting to sync' : ''}
                    </p>
                    <div className="actions">
                      {status !== 'approved' ? (
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => void answer(request, 'approve')}
                        >
                          Approve
                        </button>
                      ) : null}
                      {status !== 'declined' ? (
                        <button
                          type="button"
                          className="button button--small button--quiet"
                          onClick={() => void answer(request, 'decline')}
                        >
                          Decline
                        </button>
                      ) : null}
                    </div>
                    <p className="venue-request__note" role="status">
                      {notes[request.id] ?? ''}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
