import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadMyEvents,
  reloadAfterSend,
  rememberSavedEvent,
  resetMyEvents,
  showAccount,
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

  it('shows the copy kept on this device while the server’s answer is on its way, then the server’s', async () => {
    await cacheEvents(1, [eventRecord({ title: 'Kept copy' })]);
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi({
      'GET /api/events/user/': async () => {
        await answered;
        return { status: 200, body: [eventRecord({ title: 'From the server' })] };
      },
    });
    const loaded = loadMyEvents(1);
    await vi.waitFor(() =>
      expect(useMyEvents.getState()).toMatchObject({ status: 'ready', source: 'stored', loadError: null }),
    );
    expect(useMyEvents.getState().events.map((event) => event.title)).toEqual(['Kept copy']);
    answer();
    await loaded;
    expect(useMyEvents.getState()).toMatchObject({ source: 'server', loadError: null });
    expect(useMyEvents.getState().events.map((event) => event.title)).toEqual(['From the server']);
  });

  it('a kept copy shown at start-up becomes the offline copy when the server cannot be reached', async () => {
    await cacheEvents(1, [eventRecord({ title: 'Kept copy' })]);
    vi.stubGlobal('fetch', () => new Promise((_, reject) => setTimeout(() => reject(new TypeError('Failed')), 20)));
    await loadMyEvents(1);
    expect(useMyEvents.getState()).toMatchObject({ status: 'ready', source: 'cache', loadError: 'offline' });
    expect(useMyEvents.getState().events.map((event) => event.title)).toEqual(['Kept copy']);
  });

  it('showing the same account keeps a load begun before the dashboard opened; another account’s list goes', async () => {
    stubApi({ 'GET /api/events/user/': () => ({ status: 200, body: [eventRecord({ title: 'Mine' })] }) });
    const early = loadMyEvents(1);
    showAccount(1);
    await early;
    expect(useMyEvents.getState()).toMatchObject({ status: 'ready', source: 'server' });
    showAccount(1);
    expect(useMyEvents.getState().events.map((event) => event.title)).toEqual(['Mine']);
    showAccount(2);
    expect(useMyEvents.getState()).toMatchObject({ status: 'idle', events: [], source: null });
    // A load for another account than the one listed drops the listed one first.
    useMyEvents.setState({ status: 'ready', events: [eventRecord({ title: 'Mine' })], source: 'server' });
    void loadMyEvents(1);
    const other = loadMyEvents(3);
    expect(useMyEvents.getState().events).toEqual([]);
    await other;
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
