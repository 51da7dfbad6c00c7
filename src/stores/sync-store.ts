/**
 * What the page knows about the outbox — the one store: online or not, how
 * many writes wait, every entry's view and the state of each record. Fed by
 * the outbox client's snapshots (src/stores/sync-actions.ts) after every
 * change, its own or another tab's/the worker's; components read narrow selectors.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { TargetSyncState } from '../shared/outbox/entry.ts';
import type { OutboxEntryView } from '../shared/outbox/overlay.ts';

export type { TargetSyncState } from '../shared/outbox/entry.ts';

export interface TargetSync {
  state: TargetSyncState;
  /** Queued entries for that target, in order. */
  entryIds: string[];
  /** Server detail or network message. */
  lastError: string | null;
  /** A 412: the user's values beside the server's current ones. */
  conflict: null | { mine: Record<string, unknown>; theirs: Record<string, unknown> };
}

export interface SyncState {
  /** What the browser says (`navigator.onLine`). */
  online: boolean;
  /** False while sends fail without an answer although the browser says online (outbox-client.ts). */
  reachable: boolean;
  /** When the next backed-off retry is due (epoch ms), null when none waits on the clock. */
  nextRetryAt: number | null;
  /** Entries not yet sent. */
  pending: number;
  needsAttention: number;
  paused: null | 'signed-out' | 'other-user';
  /** Keys like 'event:12', 'event:tmp-…', 'profile'. */
  byTarget: Record<string, TargetSync>;
  /** 'event:tmp-…' → real server id once created. */
  idMap: Record<string, number>;
  /** Bumps after every successful send (refetch trigger). */
  revision: number;
  /** Persistence denied / store evicted. */
  storageWarning: string | null;
  /** Entries older than a week (never dropped, but surfaced). */
  stale: number;
  /** Every queued write as the UI shows it, oldest first (overlays and the Outbox screen derive from these). */
  views: OutboxEntryView[];
}

export const initialSyncState: SyncState = {
  online: true,
  reachable: true,
  nextRetryAt: null,
  pending: 0,
  needsAttention: 0,
  paused: null,
  byTarget: {},
  idMap: {},
  revision: 0,
  storageWarning: null,
  stale: 0,
  views: [],
};

export const useSync: UseBoundStore<StoreApi<SyncState>> = create<SyncState>()(() => initialSyncState);
