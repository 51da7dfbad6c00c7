/**
 * A venue's owner sees promoters' requests without scrolling: the business page shows
 * Requests under its title, before the listing's form, and the business tab carries the
 * number still waiting — an answer made on this device (offline too) counts as given.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as BusinessPage } from '../../src/features/business/business-page.tsx';
import { DashboardLayout } from '../../src/features/dashboard/dashboard-layout.tsx';
import type { VenueRequest } from '../../src/shared/contract/venue-approval.ts';
import { useSync } from '../../src/stores/sync-store.ts';
import { eventRecord } from '../support/event-record.ts';
import { venueRequest } from '../support/venue-request.ts';
import { seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const request = (id: number, title: string, venue_status: VenueRequest['venue_status'] = 'pending') =>
  venueRequest({ id, title, venue_status, start_date: '2027-02-10', requested_at: '2027-01-15T12:00:00.000Z' });

const listing = eventRecord({ id: 70, title: 'Blue Door Bar', is_listing: true, is_recurring: true });

describe('venue requests in the dashboard', () => {
  beforeEach(async () => {
    await signInAs({ user_type: 'business' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('come first on the business page and are counted on the tab until answered', async () => {
    stubApi({
      'GET /api/events/venue/requests/': () => ({
        status: 200,
        body: {
          requests: [request(12, 'Jazz Night'), request(13, 'Soul Sunday'), request(14, 'Old Set', 'approved')],
        },
      }),
      'GET /api/events/user/': () => ({ status: 200, body: [listing] }),
    });
    seedEvents([listing]);
    const router = createMemoryRouter(
      [
        {
          path: '/dashboard',
          Component: DashboardLayout,
          children: [{ path: 'business/:id', Component: BusinessPage }],
        },
      ],
      { initialEntries: ['/dashboard/business/70'] },
    );
    render(<RouterProvider router={router} />);
    const tabs = await screen.findByRole('navigation', { name: 'Dashboard' });
    const tab = await within(tabs).findByRole('link', { name: /Blue Door Bar/ });
    await waitFor(() => expect(tab).toHaveAccessibleName('Blue Door Bar, 2 requests wait'), { timeout: 5000 });

    const requests = await screen.findByRole('region', { name: 'Requests' });
    const title = screen.getByRole('heading', { level: 1, name: 'Your business' });
    const titleField = screen.getByRole('textbox', { name: 'Title' });
    expect(title.compareDocumentPosition(requests) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(requests.compareDocumentPosition(titleField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useSync.setState({ online: false });
    const jazz = await within(requests).findByRole('listitem', { name: 'Jazz Night' });
    await userEvent.click(within(jazz).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(tab).toHaveAccessibleName('Blue Door Bar, 1 request waits'), { timeout: 5000 });
  });
});
