/**
 * The signed-in user's events as the dashboard shows them: the last server
 * list (or, when it cannot be loaded, the copy cached in IndexedDB, marked as
 * such); the outbox entries laid over it live in the sync store. Loaded by the dashboard
 * layout, reloaded after every successful send (the sync store's revision),
 * shared by the Events tab, the business tab and the business form.
 */
import { create } from 'zustand';
import { NetworkError } from '../shared/api/errors.ts';
import { listEvents } from '../shared/api/list-events.ts';
import type { EventRecord } from '../shared/contract/event.ts';
import type { WriteResult } from '../shared/outbox/write-result.ts';
import { api } from '../lib/api.ts';
import { cacheEvents, cachedEvents } from '../lib/read-cache.ts';

export interface MyEventsState {
  status: 'idle' | 'loading' | 'ready';
  events: readonly EventRecord[];
  /**
   * Where `events` came from: the server just now, the offline cache (the server could not
   * be asked), or `stored`: this device's last copy, shown while the server's answer is on its way.
   */
  source: 'server' | 'cache' | 'stored' | null;
  /** When the shown list was loaded from the server (epoch ms). */
  loadedAt: number | null;
  /** The last load failed: 'offline' (no answer) or 'failed' (an error answer). */
  loadError: null | 'offline' | 'failed';
}

const initial: MyEventsState = {
  status: 'idle',
  events: [],
  source: null,
  loadedAt: null,
  loadError: null,
};

export const useMyEvents = create<MyEventsState>()(() => initial);

/** Moves on at every reset: a load that began for another account lands nowhere. */
let generation = 0;
/** The account the list is for (the last load's), so showing it again keeps what is loaded or loading. */
let shownAccount: number | null = null;

/**
 * The dashboard shows `userId`'s list: another account's (or none) is dropped at once, the
 * same account's — loaded, or loading since the page started — is kept.
 */
export function showAccount(userId: number | undefined): void {
  if (userId !== undefined && userId === shownAccount) return;
  resetMyEvents();
}

export function resetMyEvents(): void {
  generation += 1;
  shownAccount = null;
  loading = null;
  again = false;
  useMyEvents.setState(initial, true);
  if (reloadTimer) clearTimeout(reloadTimer);
  reloadTimer = null;
  lastReloadAt = Number.NEGATIVE_INFINITY;
}

let loading: Promise<void> | null = null;
let again = false;

/**
 * Loads the list from the server, falling back to the cached copy. A request
 * while a load is in flight runs once more after it: the first load may have
 * left the server before a write it must show was applied. `userId` is the
 * account shown (a team member's chosen owner, else their own): its cached copy.
 */
export function loadMyEvents(userId: number): Promise<void> {
  if (shownAccount !== null && shownAccount !== userId) resetMyEvents();
  shownAccount = userId;
  if (loading) {
    again = true;
    return loading;
  }
  const mine = generation;
  let current: Promise<void> | null = null;
  current = (async () => {
    if (useMyEvents.getState().status === 'idle') {
      useMyEvents.setState({ status: 'loading' });
      void showStoredCopy(userId, mine);
    }
    try {
      const events = await listEvents(api);
      if (mine !== generation) return;
      useMyEvents.setState({ status: 'ready', events, source: 'server', loadedAt: Date.now(), loadError: null });
      await cacheEvents(userId, events).catch(() => undefined);
    } catch (error) {
      if (mine !== generation) return;
      const loadError = error instanceof NetworkError ? 'offline' : 'failed';
      const shown = useMyEvents.getState();
      if (shown.source === 'stored') {
        useMyEvents.setState({ status: 'ready', source: 'cache', loadError });
      } else if (shown.source === 'server') {
        useMyEvents.setState({ loadError }); // keep the list we have
      } else {
        const cached = await cachedEvents(userId).catch(() => null);
        if (mine !== generation) return;
        useMyEvents.setState(
          cached
            ? { status: 'ready', events: cached.data, source: 'cache', loadedAt: cached.storedAt, loadError }
            : { status: 'ready', loadError },
        );
      }
    } finally {
      if (loading === current) loading = null;
    }
    if (again && mine === generation) {
      again = false;
      await loadMyEvents(userId);
    }
  })();
  loading = current;
  return current;
}

/**
 * The first load of a page: the copy this device kept of `userId`'s list shows at once
 * (a slow phone waits a round trip or more for the server's), unless the server answered first.
 */
async function showStoredCopy(userId: number, mine: number): Promise<void> {
  const stored = await cachedEvents(userId).catch(() => null);
  if (!stored || mine !== generation || useMyEvents.getState().status !== 'loading') return;
  useMyEvents.setState({ status: 'ready', events: stored.data, source: 'stored', loadedAt: stored.storedAt });
}

/** While the outbox drains, the list is reloaded at most this often (sent records are put in at once). */
export const RELOAD_AFTER_SEND_MS = 1_000;
let lastReloadAt = Number.NEGATIVE_INFINITY;
let reloadTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * A write was sent (the sync store's revision moved): reload the list now, or
 * — when it was reloaded less than a second ago — once at the end of that
 * second. A drain of 500 entries used to reload all 500 events after each one,
 * back to back; each sent record is put into the list at once anyway
 * (`rememberSavedEvent`), so a reload a second catches only what others changed.
 */
export function reloadAfterSend(userId: number): void {
  const wait = lastReloadAt + RELOAD_AFTER_SEND_MS - Date.now();
  if (wait <= 0) {
    lastReloadAt = Date.now();
    void loadMyEvents(userId);
    return;
  }
  reloadTimer ??= setTimeout(() => {
    reloadTimer = null;
    lastReloadAt = Date.now();
    void loadMyEvents(userId);
  }, wait);
}

/**
 * Puts the event a write just returned into the list at once, so a record
 * whose outbox entry is gone does not vanish until the next reload arrives —
 * and takes a deleted one out at once, so it does not come back meanwhile.
 */
export function rememberSavedEvent(result: WriteResult | null): void {
  if (result?.kind === 'event-deleted') {
    const { id } = result;
    if (id !== null) useMyEvents.setState((state) => ({ events: state.events.filter((event) => event.id !== id) }));
    return;
  }
  if (result?.kind !== 'event') return;
  const saved = result.event;
  useMyEvents.setState((state) => ({
    events: state.events.some((event) => event.id === saved.id)
      ? state.events.map((event) => (event.id === saved.id ? saved : event))
      : [...state.events, saved],
  }));
}
