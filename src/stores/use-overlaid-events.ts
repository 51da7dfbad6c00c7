/**
 * The list a user sees: server events with their unsent writes laid over them
 * (pending creates appear, pending deletes disappear), each with its sync state.
 */
import { useMemo } from 'react';
import type { EventRecord } from '../shared/contract/event.ts';
import { overlayEvents, viewsOfAccount, type OutboxEntryView, type TargetSyncState } from '../shared/outbox/overlay.ts';
import { actingMembership, chosenAccountOf, useAccount } from './account-store.ts';
import { useAuth } from './auth-store.ts';
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

/** Two field values alike: the same value, or arrays/objects with the same JSON (a queue read clones them). */
function sameField(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The same server record: one object, or the same id at the same version (a list reload parses new objects). */
function sameServer(a: EventRecord | null, b: EventRecord | null): boolean {
  return (
    a === b || (a !== null && b !== null && a.id === b.id && a.version === b.version && a.updated_at === b.updated_at)
  );
}

function sameShown(a: ShownEvent, b: ShownEvent): boolean {
  if (a.id !== b.id || a.target !== b.target || a.syncState !== b.syncState || !sameServer(a.server, b.server))
    return false;
  const keys = Object.keys(a.record) as Array<keyof ShownEvent['record']>;
  if (keys.length !== Object.keys(b.record).length) return false;
  return keys.every((key) => sameField(a.record[key], b.record[key]));
}

/**
 * `next`, with every row that shows the same as in `previous` replaced by the
 * previous object, so memoised cards skip it: while the outbox drains, each
 * sent entry changes one record, not the list (scripts/bench/outbox-browser.ts).
 * The list itself is new only when a row changed, was added, removed or moved.
 */
export function keepUnchangedRows(previous: readonly ShownEvent[], next: ShownEvent[]): ShownEvent[] {
  const before = new Map(previous.map((row) => [row.target, row]));
  let changed = previous.length !== next.length;
  const rows = next.map((row, index) => {
    const old = before.get(row.target);
    if (old && sameShown(old, row)) {
      if (previous[index] !== old) changed = true;
      return old;
    }
    changed = true;
    return row;
  });
  return changed ? rows : (previous as ShownEvent[]);
}

const NO_VIEWS: readonly OutboxEntryView[] = [];

/** What one row was built from, and the row (null: hidden, e.g. a pending delete). */
interface RowMemo {
  server: EventRecord | null;
  views: readonly OutboxEntryView[];
  row: ShownEvent | null;
}

/** The same entry views: the outbox client hands back one view object while its entry is unchanged. */
function sameViews(a: readonly OutboxEntryView[], b: readonly OutboxEntryView[]): boolean {
  return a.length === b.length && a.every((view, index) => view === b[index]);
}

/** The last list shown, shared by every component that shows it (they all read the same two stores). */
let lastShown: {
  events: readonly EventRecord[];
  entries: readonly OutboxEntryView[];
  rows: ShownEvent[];
  memo: Map<string, RowMemo>;
} | null = null;

/**
 * The rows for `events` with `entries` laid over them, incrementally: a row whose
 * server record (the same object) and entry views (the same objects) did not
 * change since the last list is the last row, without overlaying it again — while
 * the outbox drains, a snapshot changes a few records of 500 (scripts/bench/outbox-browser.ts).
 * A rebuilt row that shows the same as before is the old object too (keepUnchangedRows'
 * rule), and the list is the old array when no row changed.
 */
export function shownEventsFor(events: readonly EventRecord[], entries: readonly OutboxEntryView[]): ShownEvent[] {
  if (lastShown?.events === events && lastShown.entries === entries) return lastShown.rows;
  const before = lastShown?.memo ?? new Map<string, RowMemo>();
  const memo = new Map<string, RowMemo>();
  const byTarget = new Map<string, OutboxEntryView[]>();
  for (const entry of entries) {
    if (!entry.target.startsWith('event:')) continue;
    const list = byTarget.get(entry.target);
    if (list) list.push(entry);
    else byTarget.set(entry.target, [entry]);
  }
  const rows: ShownEvent[] = [];
  const add = (target: string, server: EventRecord | null, views: readonly OutboxEntryView[]) => {
    const old = before.get(target);
    let row: ShownEvent | null;
    if (old && old.server === server && sameViews(old.views, views)) row = old.row;
    else {
      const listed = server ? [server] : [];
      const [overlaid] = overlayEvents(listed, views);
      row = overlaid ? toShownEvents(listed, [overlaid])[0]! : null;
      if (row && old?.row && sameShown(old.row, row)) row = old.row;
    }
    memo.set(target, { server, views, row });
    if (row) rows.push(row);
  };
  for (const event of events) {
    const target = `event:${event.id}`;
    const views = byTarget.get(target) ?? NO_VIEWS;
    byTarget.delete(target);
    add(target, event, views);
  }
  for (const [target, views] of byTarget) add(target, null, views);
  const previous = lastShown?.rows;
  const same = previous?.length === rows.length && rows.every((row, index) => row === previous[index]);
  const shown = same ? previous : rows;
  lastShown = { events, entries, rows: shown, memo };
  return shown;
}

export function useShownEvents(): ShownEvent[] {
  const events = useMyEvents((s) => s.events);
  const userId = useAuth((s) => s.user?.id);
  const actingFor = useAccount((s) => chosenAccountOf(s, userId));
  const allEntries = useSync((s) => s.views);
  // Pending writes for another account than the one shown are not laid over this list.
  const entries = viewsOfAccount(allEntries, actingFor);
  // An editor changes the owner's events, never their business listing (the server refuses it).
  const editor = useAccount((s) => actingMembership(s, userId)?.role === 'editor');
  return useMemo(() => {
    const rows = shownEventsFor(events, entries);
    return editor ? rows.filter((row) => row.server?.is_listing !== true) : rows;
  }, [events, entries, editor]);
}

/** The user's business listing: the first recurring record (product §9: only one counts). */
export function useBusinessListing(): ShownEvent | null {
  const shown = useShownEvents();
  return shown.find((event) => event.record.is_recurring === true) ?? null;
}

/** The id part of a target, used in /dashboard/business/{id} (a number, or `tmp-…` while pending). */
export function targetId(target: string): string {
  return target.slice('event:'.length);
}
