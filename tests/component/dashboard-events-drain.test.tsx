/**
 * The Events screen while the outbox drains: each sent entry
 * changes one record, so it re-renders that record's card, not all of them —
 * with 500 cards, re-rendering the list per sent entry made long tasks
 * (scripts/bench/outbox-browser.ts). A card's render is counted by its call to
 * describeWhen.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { describeWhen } from '../../src/features/events/event-when.ts';
import type * as EventWhen from '../../src/features/events/event-when.ts';
import type { OutboxEntryView } from '../../src/shared/outbox/overlay.ts';
import { useMyEvents } from '../../src/stores/my-events-store.ts';
import { useSync } from '../../src/stores/sync-store.ts';
import { keepUnchangedRows, shownEventsFor, toShownEvents } from '../../src/stores/use-overlaid-events.ts';
import { overlayEvents } from '../../src/shared/outbox/overlay.ts';
import { eventRecord } from '../support/event-record.ts';
import { renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

vi.mock('../../src/features/events/event-when.ts', async (importOriginal) => {
  const original = await importOriginal<typeof EventWhen>();
  return { ...original, describeWhen: vi.fn(original.describeWhen) };
});

const route = { path: '/dashboard/events', Component: EventsPage };
const events = Array.from({ length: 100 }, (_, i) => eventRecord({ id: 100 + i, title: `Event ${i}`, version: 1 }));

function pendingTitle(id: number, title: string, state: OutboxEntryView['state'] = 'pending'): OutboxEntryView {
  return {
    id: `entry-${id}`,
    target: `event:${id}`,
    kind: 'event.update',
    createdAt: 1,
    state,
    lastError: null,
    fields: { title },
    hasImage: false,
    attempts: 0,
    conflict: null,
  };
}

describe('events screen during a drain', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('re-renders only the card whose record changed, through sending, sent and the list reload', () => {
    stubApi({});
    seedEvents(events);
    useSync.setState({ views: [pendingTitle(100, 'Renamed'), pendingTitle(150, 'Also renamed')] });
    renderScreen('/dashboard/events', route);
    expect(screen.getAllByRole('article')).toHaveLength(100);
    const renders = vi.mocked(describeWhen);

    // The first entry goes out: its state changes; the queue is read anew (fields cloned).
    renders.mockClear();
    act(() =>
      useSync.setState({ views: [pendingTitle(100, 'Renamed', 'sending'), pendingTitle(150, 'Also renamed')] }),
    );
    expect(renders).toHaveBeenCalledTimes(1);

    // It is sent: the entry is gone and the saved record (new version) is in the list.
    renders.mockClear();
    act(() => {
      useMyEvents.setState({
        events: events.map((event) => (event.id === 100 ? { ...event, title: 'Renamed', version: 2 } : event)),
      });
      useSync.setState({ views: [pendingTitle(150, 'Also renamed')] });
    });
    expect(renders).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('article', { name: 'Renamed' })).not.toHaveTextContent('Pending sync');

    // A list reload parses every record anew; nothing shown changed, so no card re-renders.
    renders.mockClear();
    act(() => useMyEvents.setState({ events: structuredClone(useMyEvents.getState().events) }));
    expect(renders).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'Also renamed' })).toHaveTextContent('Pending sync');
  });

  it('keeps unchanged rows and the list itself when nothing shown changed', () => {
    const shown = toShownEvents(events, overlayEvents(events, [pendingTitle(101, 'Renamed')]));
    const again = toShownEvents(structuredClone(events), overlayEvents(events, [pendingTitle(101, 'Renamed')]));
    expect(keepUnchangedRows(shown, again)).toBe(shown);
    const one = toShownEvents(events, overlayEvents(events, [pendingTitle(101, 'Renamed again')]));
    const kept = keepUnchangedRows(shown, one);
    expect(kept).not.toBe(shown);
    expect(kept.filter((row, i) => row !== shown[i]).map((row) => row.record.title)).toEqual(['Renamed again']);
    // A removed row makes a new list; the rest keep their identity.
    const fewer = keepUnchangedRows(shown, one.slice(1));
    expect(fewer).toHaveLength(99);
    expect(fewer[0]).toBe(kept[1]);
  });

  it('builds the list per changed row: the same record and entry views give the same row object', () => {
    const renamed = pendingTitle(101, 'Renamed');
    const create: OutboxEntryView = { ...pendingTitle(0, 'New gig'), target: 'event:tmp-x', kind: 'event.create' };
    const remove: OutboxEntryView = { ...pendingTitle(102, ''), id: 'entry-del', kind: 'event.delete', fields: {} };
    const full = (views: OutboxEntryView[]) => toShownEvents(events, overlayEvents(events, views));

    const first = shownEventsFor(events, [renamed, create, remove]);
    expect(first).toEqual(full([renamed, create, remove]));
    expect(first).toHaveLength(100); // 100 listed − 1 pending delete + 1 pending create

    // A new snapshot with the same view objects (the client keeps them): the same list.
    expect(shownEventsFor(events, [renamed, create, remove])).toBe(first);

    // One entry changes: its row is rebuilt, every other row is the same object.
    const sending = { ...renamed, state: 'sending' as const };
    const second = shownEventsFor(events, [sending, create, remove]);
    expect(second).toEqual(full([sending, create, remove]));
    expect(second.filter((row, i) => row !== first[i]).map((row) => row.target)).toEqual(['event:101']);

    // Sent: the entry is gone and the saved record is in the list.
    const saved = events.map((event) => (event.id === 101 ? { ...event, title: 'Renamed', version: 2 } : event));
    const third = shownEventsFor(saved, [create, remove]);
    expect(third).toEqual(toShownEvents(saved, overlayEvents(saved, [create, remove])));
    expect(third.filter((row, i) => row !== second[i]).map((row) => row.target)).toEqual(['event:101']);
  });
});
