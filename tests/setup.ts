import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';
import { resetDatabaseConnection } from '../src/shared/db/open-database.ts';
import { resetVenueRequests } from '../src/stores/venue-requests-store.ts';
import { initialAuthState, useAuth } from '../src/stores/auth-store.ts';

// findBy… waits up to 5 s, not 1 s: on a busy 2-core CI host the first write through the
// outbox (a dynamic import, IndexedDB) can take longer than a second. A passing test is
// no slower; only a failing one waits longer.
configure({ asyncUtilTimeout: 5000 });

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

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetDatabaseConnection();
  useAuth.setState(initialAuthState, true);
  resetVenueRequests();
});

afterEach(() => {
  cleanup();
});
