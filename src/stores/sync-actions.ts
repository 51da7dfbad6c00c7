/**
 * The page's outbox: one client (src/shared/outbox/outbox-client.ts) built
 * with the browser's clock, network, IndexedDB, API client and locks, whose
 * snapshots the sync store mirrors (at most once per animation frame) — plus the page's flush triggers: start-up,
 * `online`, `visibilitychange`, a poll, a sign-in, any request the server answered
 * after sends had failed, a tap on the sync indicator, and news from other tabs or
 * the worker. Start-up, `online`, the tab shown, an answer and a tap skip the
 * backoff (each entry once): they are the moments the connection is likely back,
 * and the queue should be sent within seconds of it. Plain functions, callable outside React.
 */
import { defaultLocks } from '../shared/api/locks.ts';
import { openDatabase } from '../shared/db/open-database.ts';
import { readTokens } from '../shared/db/token-storage.ts';
import type { QueuedWrite, WriteIntent } from '../shared/outbox/intent.ts';
import type { OutboxEntryView } from '../shared/outbox/overlay.ts';
import { createOutboxClient } from '../shared/outbox/outbox-client.ts';
import { openOutboxChannel, OUTBOX_SYNC_TAG, readOutboxMessage } from '../shared/outbox/outbox-channel.ts';
import { userIdFromTokens } from '../shared/outbox/session-user.ts';
import { api, onServerAnswered } from '../lib/api.ts';
import { requestBackgroundSync } from '../lib/background-sync.ts';
import type { OutboxMessage } from '../shared/messages.ts';
import { currentAccountChoice } from './account-store.ts';
import { rememberSavedEvent } from './my-events-store.ts';
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
/**
 * While sends get no answer although the device says online (the server or its network is
 * down), how often a bare GET of the health check asks whether it is back: its first good
 * answer sends the queue at once (serverAnswered) instead of at the next backoff, up to 30 s
 * later. One small request (no body, a few hundred bytes each way) per interval, never two at
 * once, and only while writes wait and sends fail: at most 60 a minute from the tab on screen
 * (the person may be watching the card say "Pending sync"), 4 a minute from a hidden one.
 */
export const SERVER_PROBE_MS = 1_000;
export const SERVER_PROBE_HIDDEN_MS = 15_000;
const HEALTH_URL = `${(import.meta.env as ImportMetaEnv | undefined)?.VITE_API_BASE ?? '/api'}/health`;

/** The storage check's finding (see sync-storage-check.ts); shown when it matters. */
let storageFinding: string | null = null;
const channel = openOutboxChannel();

async function currentUserId(): Promise<number | null> {
  const tokens = await readTokens();
  if (!tokens) return null;
  return userIdFromTokens(tokens) ?? useAuth.getState().user?.id ?? null;
}

/**
 * Runs `task` with the next animation frame (or after 50 ms when frames are not
 * coming: a hidden tab, a test environment): the outbox client's snapshots reach
 * the sync store once per frame, not once per change.
 */
export function nextFrame(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  setTimeout(run, 50);
}

/** Entries this page has seen sent (the newest few hundred; ids are never reused). */
const sentEntries = new Set<string>();
const SENT_ENTRIES_KEPT = 500;

/** `views` without the entries seen sent: the same array when there are none. */
function withoutSent(views: OutboxEntryView[]): OutboxEntryView[] {
  return views.some((view) => sentEntries.has(view.id)) ? views.filter((view) => !sentEntries.has(view.id)) : views;
}

/**
 * A sent write's record goes into the events list at once (this tab's sends and
 * another tab's or the worker's), so the card shows the saved record when its
 * entry is gone, without waiting for the list's next reload. The entry's view
 * leaves the overlay in the same task — one render — so a sent create is never
 * listed twice, saved and pending, until the outbox's next snapshot; and a
 * snapshot read before the send cannot bring it back.
 */
function showSentRecord(event: OutboxMessage): void {
  if (event.type !== 'outcome' || event.outcome.kind !== 'sent') return;
  // A write for another account than the one shown (sent after a switch) has no place in this list.
  const sentFor = useSync.getState().views.find((view) => view.id === event.entryId)?.accountId ?? null;
  const shown = currentAccountChoice();
  sentEntries.add(event.entryId);
  if (sentEntries.size > SENT_ENTRIES_KEPT) sentEntries.delete(sentEntries.values().next().value!);
  useSync.setState((state) => ({ views: withoutSent(state.views) }));
  if (sentFor === shown) rememberSavedEvent(event.outcome.result);
}

/**
 * Timers and a flush in flight can outlive their document (a closed test environment); they
 * then read "online" and fail like any network error instead of throwing a ReferenceError.
 */
function isOnline(): boolean {
  return globalThis.navigator?.onLine ?? true;
}

const outbox = createOutboxClient({
  clock: {
    now: () => Date.now(),
    random: () => Math.random(),
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    setTimer: (task, ms) => {
      const timer = setTimeout(task, ms);
      return () => clearTimeout(timer);
    },
  },
  network: { isOnline },
  storage: { database: openDatabase, currentUserId, newId: () => crypto.randomUUID() },
  transport: api,
  locks: defaultLocks(),
  broadcast: (event) => {
    channel?.postMessage(event);
    showSentRecord(event);
  },
  requestBackgroundSync: () => void requestBackgroundSync(OUTBOX_SYNC_TAG),
  publish: (snapshot) => {
    // "May be evicted" matters only while something is unsent; an eviction that happened always shows.
    const storageWarning =
      storageFinding === EVICTED_WARNING || (storageFinding && snapshot.pending > 0) ? storageFinding : null;
    useSync.setState({ ...snapshot, views: withoutSent(snapshot.views), storageWarning });
  },
  schedule: nextFrame,
});

/** Sends every queued write now, backoff or not (a tap on the sync indicator). */
export function sendQueueNow(): Promise<void> {
  return outbox.flushNow({ skipBackoff: true });
}

export const { flushNow, retryNow, discardEntry, discardEntriesOf, countEntriesOf, resolveConflict } = outbox;

/** Fetches the outbox's sending code ahead of the first write (an idle screen that writes does). */
export function prepareSending(): Promise<unknown> {
  return outbox.prepare();
}

/** Re-reads the outbox into the sync store. */
export async function refreshStore(): Promise<void> {
  await outbox.refresh();
}

export async function queueWrite(intent: WriteIntent): Promise<QueuedWrite> {
  startSync(); // whatever page queued it (e.g. /issue), it is sent when the connection allows
  // Issue reports are anonymous: anyone signed in on this device may send them.
  const userId = intent.kind === 'issue.report' ? null : (useAuth.getState().user?.id ?? (await currentUserId()));
  // A team member's write is for the account chosen now; its replay says so, whatever is chosen by then.
  const accountId = intent.kind === 'issue.report' ? null : currentAccountChoice();
  return outbox.queueWrite(intent, userId, accountId);
}

/**
 * Benchmark builds only (`VITE_OUTBOX_BENCH=1`, scripts/bench/outbox-browser.ts):
 * lets the browser benchmark queue its 10,000 offline edits through this very
 * function. Vite replaces the variable at build time, so in every other build
 * the condition is constant-false and the line is dropped from the bundle.
 */
// (`import.meta.env` is missing when the prerenderer loads this module under tsx.)
if ((import.meta.env as ImportMetaEnv | undefined)?.VITE_OUTBOX_BENCH === '1')
  Object.assign(globalThis, { __roamlyOutboxBench: { queueWrite } });

let started = false;

export function startSync(): void {
  if (started) return;
  started = true;
  channel?.addEventListener('message', (message: MessageEvent<unknown>) => {
    const news = readOutboxMessage(message.data);
    if (news) {
      showSentRecord(news);
      outbox.receive(news);
    }
  });
  const nudge = (options: { skipBackoff?: boolean } = {}) => {
    useSync.setState({ online: isOnline() });
    void flushNow(options);
  };
  const sendAtOnce = () => nudge({ skipBackoff: true });
  window.addEventListener('online', sendAtOnce);
  window.addEventListener('offline', () => nudge());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') sendAtOnce();
  });
  onServerAnswered(outbox.serverAnswered);
  setInterval(() => {
    if (useSync.getState().pending > 0) nudge();
  }, POLL_MS);
  let probing = false;
  let probedAt = Number.NEGATIVE_INFINITY;
  setInterval(() => {
    const { reachable, pending } = useSync.getState();
    if (probing || reachable || pending === 0 || !isOnline()) return;
    const hidden = globalThis.document?.visibilityState === 'hidden';
    if (hidden && Date.now() - probedAt < SERVER_PROBE_HIDDEN_MS) return;
    probing = true;
    probedAt = Date.now();
    fetch(HEALTH_URL, { cache: 'no-store' })
      .then((response) => {
        if (response.ok) outbox.serverAnswered();
      })
      .catch(() => undefined)
      .finally(() => (probing = false));
  }, SERVER_PROBE_MS);
  setInterval(() => {
    // A missed `online` event is still the connection coming back: send at once.
    if (isOnline() !== useSync.getState().online) nudge({ skipBackoff: isOnline() });
  }, ONLINE_CHECK_MS);
  // A sign-in (possibly as the account that queued the paused entries) resumes sending.
  useAuth.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id) nudge();
  });
  void checkStorage().then((warning) => {
    storageFinding = warning;
    return refreshStore();
  });
  sendAtOnce(); // a page load: the queue goes now, whatever backoff an earlier page left
}
