import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { readDraft } from '../../src/shared/db/draft-storage.ts';
import { AUTOSAVE_DELAY_MS } from '../../src/stores/drafts-actions.ts';
import { eventRecord } from '../support/event-record.ts';
import { renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const route = { path: '/dashboard/events', Component: EventsPage };

describe('event drafts', () => {
  beforeEach(async () => {
    await signInAs();
    seedEvents([]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('autosaves a half-typed new event and offers it back after the page is gone', async () => {
    const { sent } = stubApi({
      'POST /api/events/create/': () => ({ status: 201, body: eventRecord({ id: 70, title: 'Half-typed gig' }) }),
    });
    renderScreen('/dashboard/events', route);
    await userEvent.click(screen.getByRole('button', { name: 'New event' }));
    await userEvent.type(within(await screen.findByRole('dialog')).getByLabelText('Title'), 'Half-typed gig');
    // Saved once the autosave delay has passed (polled: on a busy host the IndexedDB write lands later).
    await waitFor(async () => expect((await readDraft('event:new'))?.data).toMatchObject({ title: 'Half-typed gig' }), {
      timeout: AUTOSAVE_DELAY_MS + 5000,
    });

    cleanup(); // the tab is gone
    renderScreen('/dashboard/events', route);
    await userEvent.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Restore draft' }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Half-typed gig');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true), { timeout: 5000 });
    await waitFor(async () => expect(await readDraft('event:new')).toBeNull(), { timeout: 5000 });
  });
});
