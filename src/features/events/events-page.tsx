/**
 * Events (product §2, §7, §8): the user's events as cards in Upcoming, Drafts
 * and Past (event-sections.ts), the editor modal for
 * new and existing events, duplicate, and delete after the browser's
 * confirm("Delete this event?"). Offline it shows the cached list, marked.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMyEvents } from '../../stores/my-events-store.ts';
import { useShownEvents, type ShownEvent } from '../../stores/use-overlaid-events.ts';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';
import { saveThroughOutbox } from '../../components/forms/save-result.ts';
import { prepareSending } from '../../stores/sync-actions.ts';
import { onDemand } from '../../components/lazy/on-demand.ts';
import { prefetchWhenIdle } from '../../components/lazy/prefetch-when-idle.ts';
import { prefetchInsights } from '../../components/insights/insights-button.tsx';
import { useAuth } from '../../stores/auth-store.ts';
import { EventCard } from './event-card.tsx';
import { eventSections } from './event-sections.ts';
import type { EditorRequest } from './event-editor.tsx';
import { takeSharedItem } from './shared-image.ts';

// The editor (places, keywords, venue search, image picker) and the duplicate dialog stay out
// of the first load (the list is what the screen shows first): fetched when the page is idle,
// or when first opened if that comes sooner.
const editorCode = onDemand(() => import('./event-editor.tsx'));
const duplicateCode = onDemand(() => import('./duplicate-dialog.tsx'));
const CODE_FAILED = 'Could not open it: check your connection and try again.';

export const DELETE_CONFIRM = 'Delete this event?';
export const LOAD_FAILED = 'Failed to load events.';

export function Component() {
  useDocumentTitle('Events', 'dashboard');
  const events = useShownEvents();
  const status = useMyEvents((s) => s.status);
  const loadError = useMyEvents((s) => s.loadError);
  const [editor, setEditor] = useState<EditorRequest | null>(null);
  const [duplicate, setDuplicate] = useState<ShownEvent | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const openEditor = useCallback((request: EditorRequest) => {
    editorCode.load().then(
      () => setEditor(request),
      () => setNotice(CODE_FAILED),
    );
  }, []);
  const openDuplicate = useCallback((event: ShownEvent) => {
    duplicateCode.load().then(
      () => setDuplicate(event),
      () => setNotice(CODE_FAILED),
    );
  }, []);
  useEntryParams(openEditor);
  useEditParam(events, openEditor);
  // Once the cards are shown: the editor, Duplicate, Insights and the outbox's sending code come
  // while the page is idle, so opening them (and the first save) on a slow network does not wait.
  const listed = status === 'ready';
  useEffect(() => {
    if (!listed) return;
    return prefetchWhenIdle([editorCode.load, duplicateCode.load, prefetchInsights, prepareSending]);
  }, [listed]);
  const Editor = editorCode.get()?.EventEditor;
  const Duplicate = duplicateCode.get()?.DuplicateDialog;

  // Stable handlers, so the memoised cards re-render only when their own row changes.
  const edit = useCallback((event: ShownEvent) => openEditor({ event }), [openEditor]);
  const remove = useCallback(async (event: ShownEvent) => {
    if (!window.confirm(DELETE_CONFIRM)) return;
    const outcome = await saveThroughOutbox({ kind: 'event.delete', target: event.target as `event:${string}` });
    if (outcome.kind === 'rejected' || outcome.kind === 'failed') setNotice('Failed to delete the event.');
    else setNotice(null);
  }, []);
  const removeNow = useCallback((event: ShownEvent) => void remove(event), [remove]);

  return (
    <section className="dash-page" aria-labelledby="events-title">
      <div className="dash-page__head">
        <h1 id="events-title">Events</h1>
        <button type="button" className="button button--primary" onClick={() => openEditor({ event: null })}>
          <span aria-hidden="true">+</span> New event
        </button>
      </div>
      <LoadState />
      {notice ? (
        <p className="alert alert--error" role="alert">
          {notice}
        </p>
      ) : null}
      {status !== 'ready' && events.length === 0 ? (
        <p className="muted" role="status">
          Loading your events…
        </p>
      ) : events.length === 0 && loadError ? null : events.length === 0 ? (
        <div className="empty-state">
          <h2>No events yet</h2>
          <p>Your events show here as cards, each with a public page to share and a QR poster to print.</p>
          <button type="button" className="button button--primary" onClick={() => openEditor({ event: null })}>
            Create your first event
          </button>
        </div>
      ) : (
        <EventList events={events} onEdit={edit} onDuplicate={openDuplicate} onDelete={removeNow} />
      )}
      {Editor ? <Editor request={editor} onClose={() => setEditor(null)} /> : null}
      {Duplicate ? <Duplicate event={duplicate} onClose={() => setDuplicate(null)} /> : null}
    </section>
  );
}

interface EventListProps {
  events: readonly ShownEvent[];
  onEdit: (event: ShownEvent) => void;
  onDuplicate: (event: ShownEvent) => void;
  onDelete: (event: ShownEvent) => void;
}

/** The cards under Upcoming, Drafts and Past, each heading only over cards and with their count. */
function EventList({ events, ...actions }: EventListProps) {
  // A business's first weekly record is its listing (product §9); a promoter's are weekly series.
  const business = useAuth((s) => s.user?.user_type !== 'subpromoter');
  const sections = useMemo(() => {
    const listing = business ? (events.find((event) => event.record.is_recurring === true) ?? null) : null;
    return eventSections(events, new Date(), listing);
  }, [events, business]);
  return (
    <>
      <EventSection id="events-upcoming" title="Upcoming" events={sections.upcoming} {...actions} />
      <EventSection id="events-drafts" title="Drafts" events={sections.drafts} {...actions} />
      <EventSection id="events-past" title="Past" events={sections.past} {...actions} />
    </>
  );
}

function EventSection({
  id,
  title,
  events,
  onEdit,
  onDuplicate,
  onDelete,
}: EventListProps & { id: string; title: string }) {
  if (events.length === 0) return null;
  return (
    <section className="event-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} ({events.length})
      </h2>
      <ul className="event-list" aria-labelledby={id}>
        {events.map((event) => (
          <li key={event.target}>
            <EventCard event={event} onEdit={onEdit} onDuplicate={onDuplicate} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Failed to load (product §8), or the offline copy with the time it was loaded. */
function LoadState() {
  const loadError = useMyEvents((s) => s.loadError);
  const source = useMyEvents((s) => s.source);
  const loadedAt = useMyEvents((s) => s.loadedAt);
  // Offline after a server load, the list on screen is as much a saved copy as the cache's: say so, not "failed".
  if ((source === 'cache' || loadError === 'offline') && loadedAt !== null) {
    const when = new Date(loadedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    return (
      <>
        {loadError === 'failed' ? (
          <p className="alert alert--error" role="alert">
            {LOAD_FAILED}
          </p>
        ) : null}
        <p className="cache-note" role="status">
          {loadError === 'offline' ? 'You’re offline. ' : ''}Showing your saved copy from {when}.
        </p>
      </>
    );
  }
  if (loadError) {
    return (
      <p className="alert alert--error" role="alert">
        {LOAD_FAILED}
      </p>
    );
  }
  return null;
}

/** `?edit=<id>` (the Outbox screen's Edit) opens that event's editor once it is listed. */
function useEditParam(events: readonly ShownEvent[], open: (request: EditorRequest) => void) {
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  useEffect(() => {
    if (!editId) return;
    const event = events.find((candidate) => candidate.target === `event:${editId}`);
    if (!event) return;
    setParams({}, { replace: true });
    open({ event });
  }, [editId, events, open, setParams]);
}

/** `?new=1` (install shortcut) opens a new event; `?shared=1` (share target) one with the shared image. */
function useEntryParams(open: (request: EditorRequest) => void) {
  const [params, setParams] = useSearchParams();
  const isNew = params.get('new') === '1';
  const isShared = params.get('shared') === '1';
  // Once per arrival: a second run (React's dev double effects) must not take the shared image again.
  const handled = useRef(false);
  useEffect(() => {
    if (!isNew && !isShared) {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (isNew) {
      open({ event: null });
      return;
    }
    void takeSharedItem().then(async (item) => {
      const images = item?.image ? await import('../../lib/images.ts') : null;
      const cover =
        item?.image && images ? await images.prepareImage(item.image, { aspect: images.COVER_ASPECT }) : null;
      open({ event: null, preset: item?.title ? { title: item.title } : {}, cover });
    });
  }, [isNew, isShared, setParams, open]);
}
