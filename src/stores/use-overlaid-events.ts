/**
 * The list a user sees: server events with their unsent writes laid over them
 * (pending creates appear, pending deletes disappear), each with its sync state.
 */
import { useMemo } from 'react';
import type { EventRecord } from '../shared/contract/event.ts';
import { overlayEvents, type TargetSyncState } from '../shared/outbox/overlay.ts';
import { useSync } from './sync-store.ts';
import { useMyEvents } from './my-events-store.ts';

/** One row of the dashboard's list: a server event or a pending create, with overlaid fields. */
export interface ShownEvent {
  /** Server id, or null for an event created offline and not yet sent. */
  id: number | null;
  /** `event:12` or `event:tmp-…`; the outbox target of this record. */
  target: string;
  syncState: TargetSyncState | null;
  record: Partial<EventRecord> & { title: string };
  /** The server's copy (for editing: version, cover URL), when there is one. */
  server: EventRecord | null;
}

export function toShownEvents(
  events: readonly EventRecord[],
  overlaid: ReturnType<typeof overlayEvents<EventRecord>>,
): ShownEvent[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  return overlaid.map((row) => {
    const id = typeof row.id === 'number' ? row.id : null;
    const record = row as unknown as Partial<EventRecord> & { title?: unknown };
    return {
      id,
      target: row.syncTarget,
      syncState: row.syncState,
      record: { ...record, title: typeof record.title === 'string' ? record.title : '' },
      server: id === null ? null : (byId.get(id) ?? null),
    };
  });
}

export function useShownEvents(): ShownEvent[] {
  const events = useMyEvents((s) => s.events);
  const entries = useSync((s) => s.views);
  return useMemo(() => toShownEvents(events, overlayEvents(events, entries)), [events, entries]);
}

/** The user's business listing: the first recurring record (SPEC §9: only one counts). */
export function useBusinessListing(): ShownEvent | null {
  const shown = useShownEvents();
  return shown.find((event) => event.record.is_recurring === true) ?? null;
}

/** The id part of a target, used in /dashboard/business/{id} (a number, or `tmp-…` while pending). */
export function targetId(target: string): string {
  return target.slice('event:'.length);
}
