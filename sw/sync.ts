/// <reference lib="webworker" />
/**
 * The worker's side of the outbox: on a Background Sync event (the browser
 * fires it when connectivity returns, even with no tab open), send the queue
 * with the same runner the pages use. (Open pages flush on their own triggers.)
 * The Web Lock `outbox-flush` keeps it from racing an open tab.
 */
import { createApiClient } from '../src/shared/api/api-client.ts';
import { openAuthBroadcast } from '../src/shared/api/auth-broadcast.ts';
import { defaultLocks } from '../src/shared/api/locks.ts';
import { openDatabase } from '../src/shared/db/open-database.ts';
import { clearTokens, readTokens, writeTokens } from '../src/shared/db/token-storage.ts';
import { openOutboxChannel, OUTBOX_SYNC_TAG } from '../src/shared/outbox/outbox-channel.ts';
import { createOutboxRunner } from '../src/shared/outbox/outbox-runner.ts';
import { userIdFromTokens } from '../src/shared/outbox/session-user.ts';

declare const self: ServiceWorkerGlobalScope;

interface SyncEventLike extends ExtendableEvent {
  tag: string;
  lastChance?: boolean;
}

const channel = openOutboxChannel();
const authNews = openAuthBroadcast();
const runner = createOutboxRunner({
  database: openDatabase,
  transport: createApiClient({
    tokens: { read: readTokens, write: writeTokens, clear: clearTokens },
    // A refresh refused while replaying in the worker signs every open tab out at once.
    onSignedOut: () => authNews.announce({ type: 'signed-out' }),
  }),
  now: () => Date.now(),
  random: () => Math.random(),
  isOnline: () => self.navigator.onLine,
  currentUserId: async () => userIdFromTokens(await readTokens()),
  locks: defaultLocks(),
  onEvent: (event) => channel?.postMessage(event),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
});

/** Sends the outbox; rejects while entries still wait, so Background Sync tries again later. */
async function flushForSync(): Promise<void> {
  const result = await runner.flush();
  if (result.nextWakeAt !== null) throw new Error('Outbox entries are waiting to be retried.');
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(flushForSync());
  });
}
