/**
 * A venue's Requests (events promoters asked to list there) as the dashboard shows
 * them: read by the business tab, which counts the ones still waiting in its badge,
 * and by the Requests list on the business page — one read for both. Opened offline
 * (or before the first read answers) it is the copy this device kept; it is read
 * again whenever the outbox has sent something or the device comes back online.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { venueRequests } from '../shared/api/venue-requests.ts';
import type { VenueRequest, VenueStatus } from '../shared/contract/venue-approval.ts';
import type { OutboxEntryView } from '../shared/outbox/overlay.ts';
import { api } from '../lib/api.ts';
import { cachedVenueRequests, cacheVenueRequests } from '../lib/venue-requests-cache.ts';
import { useSync } from './sync-store.ts';

export interface VenueRequestsState {
  userId: number | null;
  requests: readonly VenueRequest[] | null;
  /** When `requests` was read from the server (epoch ms). */
  readAt: number | null;
  /** The last read failed (shown only while nothing was ever read). */
  failed: boolean;
}

const initial: VenueRequestsState = { userId: null, requests: null, readAt: null, failed: false };

export const useVenueRequestsStore = create<VenueRequestsState>()(() => initial);

/** The read the last caller asked for (account, connection, outbox revision): two callers make one read. */
let wantedKey = '';
let controller: AbortController | null = null;

/**
 * Answers saved on this device, numbered in the order they were saved: a read that
 * began before an answer was saved answers with the request as it was before, and must
 * not show it unanswered again.
 */
const saved = { count: 0, answers: new Map<number, { request: VenueRequest; number: number }>() };

function forAccount(userId: number): void {
  if (useVenueRequestsStore.getState().userId === userId) return;
  controller?.abort();
  saved.count = 0;
  saved.answers.clear();
  useVenueRequestsStore.setState({ ...initial, userId });
  void cachedVenueRequests(userId)
    .then((cached) => {
      const state = useVenueRequestsStore.getState();
      if (cached && state.userId === userId && state.requests === null)
        useVenueRequestsStore.setState({ requests: cached.data, readAt: cached.storedAt });
    })
    .catch(() => undefined);
}

function read(userId: number): void {
  controller?.abort();
  const mine = new AbortController();
  controller = mine;
  const savedBefore = saved.count;
  venueRequests(api, mine.signal)
    .then((list) => {
      if (mine.signal.aborted || useVenueRequestsStore.getState().userId !== userId) return;
      const requests = list.map((request) => {
        const answer = saved.answers.get(request.id);
        return answer && answer.number > savedBefore ? answer.request : request;
      });
      useVenueRequestsStore.setState({ requests, readAt: Date.now(), failed: false });
      void cacheVenueRequests(userId, requests).catch(() => undefined);
    })
    .catch(() => {
      if (!mine.signal.aborted) useVenueRequestsStore.setState({ failed: true });
    });
}

/** Keeps the venue's requests current while a caller is mounted (`userId` null: not a venue). */
export function useVenueRequests(userId: number | null): VenueRequestsState {
  const online = useSync((s) => s.online);
  const revision = useSync((s) => s.revision);
  useEffect(() => {
    if (userId === null) return;
    forAccount(userId);
    const key = `${userId}:${online}:${revision}`;
    if (!online || key === wantedKey) return;
    wantedKey = key;
    read(userId);
  }, [userId, online, revision]);
  return useVenueRequestsStore();
}

/** The server's answer to an answer made on this device: shown at once, and kept over older reads. */
export function recordAnswered(request: VenueRequest): void {
  saved.answers.set(request.id, { request, number: ++saved.count });
  const { requests } = useVenueRequestsStore.getState();
  if (requests) useVenueRequestsStore.setState({ requests: requests.map((r) => (r.id === request.id ? request : r)) });
}

export const venueRequestTarget = (id: number) => `venue-request:${id}` as const;

/** The answer an unsent outbox entry gives this request, if any (the latest one wins). */
export function unsentVenueStatus(views: readonly OutboxEntryView[], id: number): VenueStatus | null {
  let status: VenueStatus | null = null;
  for (const view of views) {
    if (view.target !== venueRequestTarget(id)) continue;
    const value = view.fields.venue_status;
    if (value === 'approved' || value === 'declined') status = value;
  }
  return status;
}

/** Requests still waiting for the venue's answer, answers queued on this device counted as given. */
export function waitingCount(requests: readonly VenueRequest[] | null, views: readonly OutboxEntryView[]): number {
  return (requests ?? []).filter(
    (request) => request.venue_status === 'pending' && unsentVenueStatus(views, request.id) === null,
  ).length;
}

/** For tests and sign-out: forget the account's requests. */
export function resetVenueRequests(): void {
  controller?.abort();
  wantedKey = '';
  saved.count = 0;
  saved.answers.clear();
  useVenueRequestsStore.setState(initial);
}
