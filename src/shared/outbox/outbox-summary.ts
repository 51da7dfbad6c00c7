/**
 * The numbers and per-record states the UI shows, derived from the stored
 * entries (pure, so page and tests agree on what "pending" means).
 */
import { worstSyncState, type OutboxEntry, type TargetSyncState } from './entry.ts';
import { toEntryView, type OutboxEntryView } from './overlay.ts';

/** Entries older than this are surfaced (never dropped): a week, the longest a trip without signal plausibly lasts. */
export const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export interface TargetSummary {
  state: TargetSyncState;
  entryIds: string[];
  lastError: string | null;
  conflict: null | { mine: Record<string, unknown>; theirs: Record<string, unknown> };
}

export interface OutboxSummary {
  pending: number;
  needsAttention: number;
  paused: null | 'signed-out' | 'other-user';
  stale: number;
  byTarget: Record<string, TargetSummary>;
  views: OutboxEntryView[];
}

export function summariseOutbox(
  entries: readonly OutboxEntry[],
  context: {
    userId: number | null;
    sending: ReadonlySet<string>;
    now: number;
    /** Builds an entry's view (default `toEntryView`); a caller may hand back the same view for an unchanged entry. */
    view?: typeof toEntryView;
  },
): OutboxSummary {
  const viewOf = context.view ?? toEntryView;
  const summary: OutboxSummary = { pending: 0, needsAttention: 0, paused: null, stale: 0, byTarget: {}, views: [] };
  for (const entry of entries) {
    const paused = entry.userId !== null && entry.userId !== context.userId;
    if (paused) summary.paused = context.userId === null ? 'signed-out' : 'other-user';
    const view = viewOf(entry, { sending: context.sending.has(entry.id), paused });
    summary.views.push(view);
    if (view.state === 'needs-attention') summary.needsAttention += 1;
    else summary.pending += 1;
    if (context.now - entry.createdAt > STALE_AFTER_MS) summary.stale += 1;
    const target = summary.byTarget[entry.target] ?? {
      state: view.state,
      entryIds: [],
      lastError: null,
      conflict: null,
    };
    target.entryIds.push(entry.id);
    target.state = worstSyncState([target.state, view.state]) ?? view.state;
    target.lastError = entry.lastError ?? target.lastError;
    if (view.conflict) target.conflict = { mine: { ...view.conflict.mine }, theirs: { ...view.conflict.theirs } };
    summary.byTarget[entry.target] = target;
  }
  return summary;
}
