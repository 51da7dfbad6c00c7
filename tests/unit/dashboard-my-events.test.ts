import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadMyEvents,
  reloadAfterSend,
  rememberSavedEvent,
  resetMyEvents,
  useMyEvents,
} from '../../src/stores/my-events-store.ts';
import { cacheEvents } from '../../src/lib/read-cache.ts';
import { writeTokens } from '../../src/shared/db/token-storage.ts';
import { eventRecord } from '../support/event-record.ts';
import { stubApi } from '../component/support/stub-api.ts';

describe('the dashboard events list', () => {
  beforeEach(async () => {
    resetMyEvents();
    await writeTokens({ access: 'a.e30.b', refresh: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads from the server and keeps a copy for offline use', async () => {
    stubApi({ 'GET /api/events/user/': () => ({ status: 200, body: [eventRecord()] }) });
    await loadMyEvents(1);
    expect(useMyEvents.getState()).toMatchObject({ status: 'ready', source: 'server', loadError: null });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    resetMyEvents();
    await loadMyEvents(1);
    expect(useMyEvents.getState()).toMatchObject({ source: 'cache', loadError: 'offline' });
    expect(useMyEvents.getState().events.map((event) => event.title)).toEqual(['Jazz on the roof']);
  });

  it('never shows another user’s cached list', async () => {
    await cacheEvents(2, [eventRecord({ title: 'Not yours' })]);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await loadMyEvents(1);
    expect(useMyEvents.getState()).toMatchObject({ events: [], source: null, loadError: 'offline' });
  });

  it('while the outbox drains, reloads at most once a second, the last send always included', async () => {
    let loads = 0;
    stubApi({ 'GET /api/events/user/': () => (loads++, { status: 200, body: [eventRecord()] }) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      // 500 sends in half a second: one reload at once, one at the end of the second.
      for (let sent = 0; sent < 500; sent += 1) {
        reloadAfterSend(1);
        await vi.advanceTimersByTimeAsync(1);
      }
      expect(loads).toBe(1);
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(loads).toBe(2));
      // Quiet for a while: the next send reloads at once.
      await vi.advanceTimersByTimeAsync(5_000);
      reloadAfterSend(1);
      await vi.waitFor(() => expect(loads).toBe(3));
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts a sent record into the list at once, replacing the old copy', () => {
    useMyEvents.setState({ status: 'ready', events: [eventRecord({ id: 12, title: 'Old', version: 1 })] });
    rememberSavedEvent({ kind: 'event', event: eventRecord({ id: 12, title: 'New', version: 2 }) });
    expect(useMyEvents.getState().events.map((event) => [event.title, event.version])).toEqual([['New', 2]]);
  });

  it('takes a sent delete out of the list at once, so the card does not come back until the next reload', () => {
    useMyEvents.setState({ status: 'ready', events: [eventRecord({ id: 12 }), eventRecord({ id: 13 })] });
    rememberSavedEvent({ kind: 'event-deleted', id: 12 });
    rememberSavedEvent({ kind: 'event-deleted', id: null });
    expect(useMyEvents.getState().events.map((event) => event.id)).toEqual([13]);
  });

  it('marks a server failure as failed (the screen says "Failed to load events.")', async () => {
    stubApi({ 'GET /api/events/user/': () => ({ status: 500, body: { detail: 'Boom' } }) });
    await loadMyEvents(1);
    expect(useMyEvents.getState().loadError).toBe('failed');
  });
});
