import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMyEvents, resetMyEvents, useMyEvents } from '../../src/stores/my-events-store.ts';
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

  it('marks a server failure as failed (the screen says "Failed to load events.")', async () => {
    stubApi({ 'GET /api/events/user/': () => ({ status: 500, body: { detail: 'Boom' } }) });
    await loadMyEvents(1);
    expect(useMyEvents.getState().loadError).toBe('failed');
  });
});
