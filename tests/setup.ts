import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetDatabaseConnection } from '../src/shared/db/open-database.ts';
import { resetVenueRequests } from '../src/stores/venue-requests-store.ts';
import { initialAuthState, useAuth } from '../src/stores/auth-store.ts';

// findBy… waits up to 5 s, not 1 s: on a busy 2-core CI host the first write through the
// outbox (a dynamic import, IndexedDB) can take longer than a second. A passing test is
// no slower; only a failing one waits longer.
configure({ asyncUtilTimeout: 5000 });
// vi.waitFor likewise (its own default is 1 s, and it has no setting for it).
const vitestWaitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  vitestWaitFor(callback, typeof options === 'number' ? options : { timeout: 5000, ...options })) as typeof vi.waitFor;

// jsdom has no modal <dialog>; give it the parts our Dialog uses.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom has no matchMedia; answer "no match" like a plain desktop browser tab.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/**
 * Each test file is one browser: its BroadcastChannels reach its own channels only. Node's
 * reach every thread of the process, and the files run as threads of one process, so another
 * file's outbox or sign-out news could arrive here.
 * Same name, same file: delivered asynchronously, a structured clone, never to the sender.
 */
class FileBroadcastChannel extends EventTarget {
  private static readonly open = new Map<string, Set<FileBroadcastChannel>>();
  onmessage: ((event: MessageEvent) => void) | null = null;
  private closed = false;
  constructor(readonly name: string) {
    super();
    const peers = FileBroadcastChannel.open.get(name) ?? new Set<FileBroadcastChannel>();
    peers.add(this);
    FileBroadcastChannel.open.set(name, peers);
  }
  postMessage(data: unknown): void {
    if (this.closed) throw new DOMException('The channel is closed.', 'InvalidStateError');
    for (const peer of FileBroadcastChannel.open.get(this.name) ?? []) {
      if (peer === this) continue;
      const copy = structuredClone(data);
      setTimeout(() => {
        if (peer.closed) return;
        const event = new MessageEvent('message', { data: copy });
        peer.onmessage?.(event);
        peer.dispatchEvent(event);
      }, 0);
    }
  }
  close(): void {
    this.closed = true;
    FileBroadcastChannel.open.get(this.name)?.delete(this);
  }
}
globalThis.BroadcastChannel = FileBroadcastChannel as unknown as typeof BroadcastChannel;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDatabaseConnection();
  useAuth.setState(initialAuthState, true);
  resetVenueRequests();
});

afterEach(() => {
  cleanup();
});
