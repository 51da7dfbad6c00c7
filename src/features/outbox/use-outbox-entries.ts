/**
 * The Outbox screen's data: every queued write as a view, straight from the
 * sync store (the outbox client publishes it after every change, its own or
 * another tab's or the worker's). Null until the first snapshot arrived.
 */
import { useEffect, useState } from 'react';
import { refreshStore, startSync, type OutboxEntryView } from '../../stores/sync-actions.ts';
import { useSync } from '../../stores/sync-store.ts';

export function useOutboxEntries(): { entries: readonly OutboxEntryView[] | null } {
  const views = useSync((s) => s.views);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    startSync();
    let live = true;
    void refreshStore().then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return { entries: loaded ? views : null };
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "3 days ago". */
export function ageText(createdAt: number, now: number): string {
  const seconds = Math.round((createdAt - now) / 1000);
  if (seconds > -45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/**
 * Where the user edits the record a write belongs to. A recurring record is
 * the business listing only for a business account; a promoter's is a weekly
 * event, edited on the Events screen.
 */
export function editorLink(view: OutboxEntryView, businessAccount = true): string | null {
  if (view.kind === 'profile.update') return '/dashboard/profile';
  if (view.kind === 'issue.report' || view.kind === 'event.delete') return null;
  if (view.kind === 'venue.answer') {
    return typeof view.fields.venue_id === 'number' ? `/dashboard/business/${view.fields.venue_id}` : null;
  }
  const id = view.target.slice('event:'.length);
  const recurring = view.fields.is_recurring === true || view.fields.is_recurring === 'true';
  if (recurring && businessAccount) return `/dashboard/business/${id}`;
  return `/dashboard/events?edit=${encodeURIComponent(id)}`;
}

export const stateLabel: Record<OutboxEntryView['state'], string> = {
  pending: 'Pending sync',
  sending: 'Sending…',
  'needs-attention': 'Needs attention',
  paused: 'Paused',
};
