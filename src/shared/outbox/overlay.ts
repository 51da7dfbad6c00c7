/**
 * The data a user sees is the server's data with their unsent writes laid
 * over it (architecture §5, optimistic UI). Pending creates appear as extra rows,
 * pending updates overlay their fields, pending deletes disappear at once
 * (the Outbox screen still lists them, so nothing vanishes unexplained).
 */
import {
  actingForOf,
  entryFields,
  entryHasImage,
  worstSyncState,
  type OutboxEntry,
  type TargetSyncState,
} from './entry.ts';
import type { WriteIntent } from './intent.ts';

export type { TargetSyncState } from './entry.ts';

/** What pages are shown of one queued write. */
export interface OutboxEntryView {
  id: string;
  target: string;
  kind: WriteIntent['kind'];
  /** The owner a team member's write is for (null: the queuing user's own account); laid over that owner's data only. */
  accountId?: number | null;
  createdAt: number;
  state: TargetSyncState;
  lastError: string | null;
  fields: Readonly<Record<string, unknown>>;
  hasImage: boolean;
  /** Send attempts so far. */
  attempts?: number;
  /** For a 412: the user's values beside the server's. */
  conflict?: { mine: Readonly<Record<string, unknown>>; theirs: Readonly<Record<string, unknown>> } | null;
}

/** An event that exists only in the outbox so far (created offline). */
export interface PendingEvent {
  id: null;
  /** The temporary target, e.g. `event:tmp-…`. */
  tempId: string;
  [field: string]: unknown;
}

export type OverlaidEvent<T> = (T | PendingEvent) & { syncTarget: string; syncState: TargetSyncState | null };

/** The most urgent state of a target's entries (the one rank table, entry.ts). */
function worstState(views: readonly OutboxEntryView[]): TargetSyncState | null {
  return worstSyncState(views.map((view) => view.state));
}

let lastOfAccount: {
  views: readonly OutboxEntryView[];
  account: number | null;
  shown: readonly OutboxEntryView[];
} | null = null;

/**
 * The views of writes made for the account shown — `actingFor`, the owner a
 * team member acts for, or null for their own — so one account's pending edits
 * never show over another's data. The same array when nothing is left out, and
 * the last answer again for the same input (lists memoise on the array's identity).
 */
export function viewsOfAccount(
  views: readonly OutboxEntryView[],
  actingFor: number | null,
): readonly OutboxEntryView[] {
  const account = actingFor;
  if (lastOfAccount?.views === views && lastOfAccount.account === account) return lastOfAccount.shown;
  const mine = (view: OutboxEntryView) => (view.accountId ?? null) === account;
  const shown = views.every(mine) ? views : views.filter(mine);
  lastOfAccount = { views, account, shown };
  return shown;
}

/** The user's profile with their unsent profile writes laid over it. */
export function overlayProfile<T extends object>(profile: T, views: readonly OutboxEntryView[]): T {
  let shown = profile;
  for (const view of views) if (view.target === 'profile') shown = { ...shown, ...view.fields };
  return shown;
}

export function overlayEvents<T extends { id: number }>(
  serverEvents: readonly T[],
  entries: readonly OutboxEntryView[],
): Array<OverlaidEvent<T>> {
  const byTarget = new Map<string, OutboxEntryView[]>();
  for (const entry of entries) {
    if (!entry.target.startsWith('event:')) continue;
    const list = byTarget.get(entry.target) ?? [];
    list.push(entry);
    byTarget.set(entry.target, list);
  }
  const result: Array<OverlaidEvent<T>> = [];
  for (const event of serverEvents) {
    const target = `event:${event.id}`;
    const views = byTarget.get(target) ?? [];
    byTarget.delete(target);
    if (views.some((view) => view.kind === 'event.delete')) continue;
    let overlaid: T = event;
    for (const view of views) overlaid = { ...overlaid, ...view.fields };
    result.push({ ...overlaid, syncTarget: target, syncState: worstState(views) });
  }
  for (const [target, views] of byTarget) {
    if (!views.some((view) => view.kind === 'event.create')) continue; // an update of an event not (yet) listed
    if (views.some((view) => view.kind === 'event.delete')) continue;
    let fields: Record<string, unknown> = {};
    for (const view of views) fields = { ...fields, ...view.fields };
    const pending: PendingEvent = { ...fields, id: null, tempId: target };
    result.push({ ...pending, syncTarget: target, syncState: worstState(views) });
  }
  return result;
}

/** The view of an entry; `sending` marks the entries a flusher has in flight right now. */
export function toEntryView(entry: OutboxEntry, options: { sending: boolean; paused: boolean }): OutboxEntryView {
  const state: TargetSyncState =
    entry.status === 'attention'
      ? 'needs-attention'
      : options.paused
        ? 'paused'
        : options.sending
          ? 'sending'
          : 'pending';
  const conflict =
    entry.attention?.kind === 'conflict' ? { mine: entry.attention.mine, theirs: entry.attention.theirs } : null;
  return {
    id: entry.id,
    target: entry.target,
    kind: entry.intent.kind,
    accountId: actingForOf(entry),
    createdAt: entry.createdAt,
    state,
    lastError: entry.lastError,
    fields: entryFields(entry),
    hasImage: entryHasImage(entry),
    attempts: entry.attempts,
    conflict,
  };
}
