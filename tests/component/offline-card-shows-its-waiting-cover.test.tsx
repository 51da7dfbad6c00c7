/**
 * An event created offline with a cover shows that picture on its card while it waits
 * to be sent (read from the outbox entry in IndexedDB), not the placeholder; the object
 * URL goes once the card stops showing it.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { queueWrite } from '../../src/stores/sync-actions.ts';
import { useSync } from '../../src/stores/sync-store.ts';
import { seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

describe('a card of an event queued with a cover', () => {
  const made: string[] = [];
  const revoked: string[] = [];
  beforeEach(async () => {
    await signInAs({ user_type: 'subpromoter' });
    // jsdom has no object URLs: a URL class of the test's own, the global one left as it is.
    class TestUrl extends URL {
      static createObjectURL(blob: Blob): string {
        const url = `blob:queued-${made.length}-${blob.size}`;
        made.push(url);
        return url;
      }
      static revokeObjectURL(url: string): void {
        revoked.push(url);
      }
    }
    vi.stubGlobal('URL', TestUrl);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the chosen picture, not the placeholder, until it is sent', async () => {
    stubApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useSync.setState({ online: false });
    seedEvents([]);
    const cover = new Blob([new Uint8Array(321)], { type: 'image/jpeg' });
    await queueWrite({
      kind: 'event.create',
      target: 'event:tmp-cover-1',
      fields: { title: 'Rooftop Cinema', location_name: 'Peckham', start_date: '2027-06-01' },
      cover,
    });
    const router = createMemoryRouter([{ path: '/dashboard/events', Component: EventsPage }], {
      initialEntries: ['/dashboard/events'],
    });
    const { unmount } = render(<RouterProvider router={router} />);
    const card = await screen.findByRole('article', { name: /Rooftop Cinema/ }, { timeout: 5000 });
    // (fake-indexeddb's copy of a jsdom Blob keeps no size; a browser's keeps the bytes.)
    await waitFor(
      () => expect(card.querySelector('.event-card__cover img')?.getAttribute('src')).toMatch(/^blob:queued-0-/),
      {
        timeout: 5000,
      },
    );
    expect(within(card).queryByText('✦')).toBeNull();
    unmount();
    expect(revoked).toEqual([made[0]]);
  });
});
