/**
 * Page-side outbox actions (plain functions, callable outside React) and the
 * page's flush triggers: start-up, `online`, `visibilitychange`, a timer, and
 * a nudge from other tabs or the worker. The outbox itself (IndexedDB rows,
 * ordering, retries) lives in src/shared/outbox; this module wires it to the
 * page's API client and mirrors it into the sync store.
 */
import { defaultLocks } from '../shared/api/locks.ts';
import { openDatabase } from '../shared/db/open-database.ts';
import { readTokens } from '../shared/db/token-storage.ts';
import { reduceEntry } from '../shared/outbox/entry-reducer.ts';
import type { FirstAttempt, QueuedWrite, WriteIntent } from '../shared/outbox/intent.ts';
import { isOutboxEvent, openOutboxChannel, OUTBOX_SYNC_TAG } from '../shared/outbox/outbox-channel.ts';
import * as repository from '../shared/outbox/outbox-repository.ts';
import { createOutboxRunner, type OutboxEvent } from '../shared/outbox/outbox-runner.ts';
import { summariseOutbox } from '../shared/outbox/outbox-summary.ts';
import type { OutboxEntryView } from '../shared/outbox/overlay.ts';
import { resolveConflictFields } from '../shared/outbox/resolve-conflict.ts';
import { userIdFromTokens } from '../shared/outbox/session-user.ts';
import { api } from '../lib/api.ts';
import { requestBackgroundSync } from '../lib/sw-control.ts';
import { checkStorage, EVICTED_WARNING } from './sync-storage-check.ts';
import { useAuth } from './auth-store.ts';
import { useSync } from './sync-store.ts';

export type { OutboxEntryView } from '../shared/outbox/overlay.ts';

/** Backstop for missed nudges (another tab's timer, a lost broadcast). */
const POLL_MS = 30_000;
/**
 * How often the page looks at `navigator.onLine` itself. The `online` event is
 * not reliable: Firefox never fires it in a document that was loaded while
 * offline, and without Background Sync the queue would then wait for the
 * 30 s poll. Reading a boolean once a second costs nothing.
 */
const ONLINE_CHECK_MS = 1_000;
/** How long a form waits for its write's first attempt (e.g. the worker holds the flush lock) before calling it deferred. */
const FIRST_ATTEMPT_WAIT_MS = 10_000;

const sending = new Set<string>();
/** The storage check's finding (see sync-storage-check.ts); shown by refreshStore when it matters. */
let storage: string | null = null;
const outcomeWaiters = new Map<string, (outcome: FirstAttempt) => void>();
const channel = openOutboxChannel();

async function currentUserId(): Promise<number | null> {
  const tokens = await readTokens();
  if (!tokens) return null;
  return userIdFromTokens(tokens) ?? useAuth.getState().user?.id ?? null;
}

function handleEvent(event: OutboxEvent, local: boolean): void {
  if (local) channel?.postMessage(event);
  if (event.type === 'sending') sending.add(event.entryId);
  if (event.type === 'outcome') {
    sending.delete(event.entryId);
    if (event.outcome.kind === 'sent') useSync.setState((s) => ({ revision: s.revision + 1 }));
    const waiter = outcomeWaiters.get(event.entryId);
    if (waiter) {
      outcomeWaiters.delete(event.entryId);
      waiter(event.outcome);
    }
  }
  void refreshStore();
}

const runner = createOutboxRunner({
  database: openDatabase,
  transport: api,
  now: () => Date.now(),
  random: () => Math.random(),
  isOnline: () => navigator.onLine,
  currentUserId,
  locks: defaultLocks(),
  onEvent: (event) => handleEvent(event, true),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
});

/** Re-reads the outbox into the sync store. */
export async function refreshStore(): Promise<void> {
  const db = await openDatabase();
  const [entries, idMap, userId] = await Promise.all([
    repository.listEntries(db),
    repository.readIdMap(db),
    currentUserId(),
  ]);
  const summary = summariseOutbox(entries, { userId, sending, now: Date.now() });
  const { views: _views, ...numbers } = summary;
  // "May be evicted" matters only while something is unsent; an eviction that happened always shows.
  const storageWarning = storage === EVICTED_WARNING || (storage && numbers.pending > 0) ? storage : null;
  useSync.setState({ ...numbers, idMap, online: navigator.onLine, storageWarning });
}

let wakeTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends what can go now and schedules the next backed-off retry. */
export async function flushNow(): Promise<void> {
  if (!navigator.onLine) return refreshStore();
  const result = await runner.flush();
  await refreshStore();
  clearTimeout(wakeTimer);
  if (result.nextWakeAt !== null)
    wakeTimer = setTimeout(() => void flushNow(), Math.max(0, result.nextWakeAt - Date.now()));
}

export async function queueWrite(intent: WriteIntent): Promise<QueuedWrite> {
  startSync(); // whatever page queued it (e.g. /issue offline), it is sent when the connection is back
  const db = await openDatabase();
  const userId = intent.kind === 'issue.report' ? null : (useAuth.getState().user?.id ?? (await currentUserId()));
  const plan = await repository.enqueueIntent(db, intent, {
    userId,
    now: Date.now(),
    newId: () => crypto.randomUUID(),
  });
  channel?.postMessage({ type: 'changed' } satisfies OutboxEvent);
  await refreshStore();
  void requestBackgroundSync(OUTBOX_SYNC_TAG);
  const entryId = plan.entryId;
  if (entryId === null) {
    // Create-then-delete of a record the server never saw: nothing to send.
    return { entryId: '', firstAttempt: Promise.resolve({ kind: 'sent', status: 204, body: null }) };
  }
  const firstAttempt = new Promise<FirstAttempt>((resolve) => {
    if (!navigator.onLine) return resolve({ kind: 'deferred', reason: 'offline' });
    const timer = setTimeout(() => {
      outcomeWaiters.delete(entryId);
      resolve({ kind: 'deferred', reason: 'retrying' });
    }, FIRST_ATTEMPT_WAIT_MS);
    outcomeWaiters.set(entryId, (outcome) => {
      clearTimeout(timer);
      resolve(outcome);
    });
  });
  void flushNow();
  return { entryId, firstAttempt };
}

let started = false;

export function startSync(): void {
  if (started) return;
  started = true;
  channel?.addEventListener('message', (message: MessageEvent<unknown>) => {
    if (isOutboxEvent(message.data)) handleEvent(message.data, false);
  });
  const nudge = () => {
    useSync.setState({ online: navigator.onLine });
    void flushNow();
  };
  window.addEventListener('online', nudge);
  window.addEventListener('offline', nudge);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') nudge();
  });
  setInterval(() => {
    if (useSync.getState().pending > 0) nudge();
  }, POLL_MS);
  setInterval(() => {
    if (navigator.onLine !== useSync.getState().online) nudge();
  }, ONLINE_CHECK_MS);
  // A sign-in (possibly as the account that queued the paused entries) resumes sending.
  useAuth.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id) nudge();
  });
  void checkStorage().then((warning) => {
    storage = warning;
    return refreshStore();
  });
  nudge();
}

export async function retryNow(entryId?: string): Promise<void> {
  const db = await openDatabase();
  const ids = entryId ? [entryId] : (await repository.listEntries(db)).map((entry) => entry.id);
  for (const id of ids) await repository.updateEntry(db, id, { type: 'retry-requested', key: crypto.randomUUID() });
  await refreshStore();
  await flushNow();
}

export async function discardEntry(entryId: string): Promise<void> {
  await repository.discardEntry(await openDatabase(), entryId);
  channel?.postMessage({ type: 'changed' } satisfies OutboxEvent);
  await refreshStore();
}

export async function listEntries(): Promise<readonly OutboxEntryView[]> {
  const db = await openDatabase();
  const summary = summariseOutbox(await repository.listEntries(db), {
    userId: await currentUserId(),
    sending,
    now: Date.now(),
  });
  return summary.views;
}

export async function resolveConflict(entryId: string, choice: Record<string, 'mine' | 'theirs'>): Promise<void> {
  const db = await openDatabase();
  const entry = (await repository.listEntries(db)).find((candidate) => candidate.id === entryId);
  if (!entry || entry.attention?.kind !== 'conflict') return;
  const fields = resolveConflictFields(entry.attention.mine, choice);
  if (Object.keys(fields).length === 0) await repository.removeEntry(db, entryId);
  else {
    const action = {
      type: 'resolved',
      fields,
      baseVersion: entry.attention.serverVersion,
      key: crypto.randomUUID(),
    } as const;
    await repository.replaceEntry(db, reduceEntry(entry, action));
  }
  channel?.postMessage({ type: 'changed' } satisfies OutboxEvent);
  await refreshStore();
  await flushNow();
}
