/**
 * Venue approval in the dashboard (contract §10): the editor's
 * **Venue** combobox searches listed venues by name (nearest to the chosen
 * place first), sends `venue_id` (empty once removed) and takes the venue's
 * address and pin as the event's place; a card says its venue's answer in words;
 * the business page's **Requests** section answers with **Approve** and
 * **Decline** through the outbox (with an Idempotency-Key), offline too.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as BusinessPage } from '../../src/features/business/business-page.tsx';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { cacheVenueRequests } from '../../src/lib/venue-requests-cache.ts';
import type { VenueRequest } from '../../src/shared/contract/venue-approval.ts';
import { useAuth } from '../../src/stores/auth-store.ts';
import { useSync } from '../../src/stores/sync-store.ts';
import { eventRecord } from '../support/event-record.ts';
import { venueRequest } from '../support/venue-request.ts';
import { formFields, renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const eventsRoute = { path: '/dashboard/events', Component: EventsPage };
const businessRoute = { path: '/dashboard/business/:id', Component: BusinessPage };

const blueDoor = {
  id: 70,
  title: 'Blue Door Bar',
  location_name: '1 High St, London',
  latitude: 51.5073,
  longitude: -0.1277,
  cover_image: null,
  distance_m: 12,
  street_address: '1 High St',
  postal_code: 'EC1A 1AA',
  locality: 'London',
  country_code: 'GB',
};

const request = venueRequest;

describe('venue approval in the dashboard', () => {
  beforeEach(async () => {
    await signInAs({ user_type: 'subpromoter' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('finds venues as you type and sends the chosen one as venue_id, with its place, address and pin', async () => {
    const { sent } = stubApi({
      'GET /api/events/events/matching_businesses/': () => ({ status: 200, body: { candidates: [blueDoor] } }),
      'PUT /api/events/9/update/': () => ({
        status: 200,
        body: eventRecord({ id: 9, version: 4, venue_id: 70, venue_status: 'pending', venue_title: 'Blue Door Bar' }),
      }),
    });
    const urls: string[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      urls.push(input);
      return realFetch(input, init);
    });
    seedEvents([
      eventRecord({ id: 9, title: 'Somewhere', location_name: 'High St', latitude: 51.5072, longitude: -0.1276 }),
    ]);
    renderScreen('/dashboard/events', eventsRoute);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const venue = within(dialog).getByRole('combobox', { name: 'Venue' });
    await userEvent.type(venue, 'Blue');
    const option = await within(dialog).findByRole('option', { name: /Blue Door Bar/ }, { timeout: 5000 });
    const search = sent.find((r) => r.path === '/api/events/events/matching_businesses/');
    expect(search).toBeDefined();
    await userEvent.click(option);
    expect(venue).toHaveValue('Blue Door Bar');
    expect(within(dialog).getByText(/It shows there once the venue approves it/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Location' })).toHaveValue('Blue Door Bar, 1 High St, London');
    expect(within(dialog).getByRole('textbox', { name: 'Street address' })).toHaveValue('1 High St');
    expect(within(dialog).getByRole('textbox', { name: 'Postcode' })).toHaveValue('EC1A 1AA');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(formFields(sent.find((r) => r.method === 'PUT')?.body)).toEqual({
      venue_id: '70',
      location_name: 'Blue Door Bar, 1 High St, London',
      latitude: '51.5073',
      longitude: '-0.1277',
      street_address: '1 High St',
      postal_code: 'EC1A 1AA',
      locality: 'London',
      country_code: 'GB',
    });
    const query = new URL(
      urls.find((url) => url.includes('matching_businesses'))!,
      'http://app.test',
    ).searchParams;
    expect(Object.fromEntries(query)).toEqual({ venue: 'Blue', lat: '51.5072', lng: '-0.1276' });
  });

  it('searches venues by name before any place is chosen, and then the venue gives the place', async () => {
    const { sent } = stubApi({
      'GET /api/events/events/matching_businesses/': () => ({ status: 200, body: { candidates: [blueDoor] } }),
    });
    seedEvents([]);
    renderScreen('/dashboard/events', eventsRoute);
    await userEvent.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Venue' }), 'Blue Door');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Blue Door Bar/ }, { timeout: 5000 }));
    const search = sent.find((r) => r.path.includes('matching_businesses'));
    expect(search).toBeDefined();
    expect(within(dialog).getByRole('combobox', { name: 'Location' })).toHaveValue('Blue Door Bar, 1 High St, London');
    expect(within(dialog).getByText('Map pin at this address.')).toBeInTheDocument();
  });

  it('sends venue_id on save and an empty venue_id once the venue is removed', async () => {
    const withVenue = eventRecord({
      id: 9,
      title: 'Jazz Night',
      latitude: 51.5072,
      longitude: -0.1276,
      venue_id: 70,
      venue_status: 'approved',
      venue_title: 'Blue Door Bar',
    });
    const { sent } = stubApi({
      'PUT /api/events/9/update/': () => ({
        status: 200,
        body: { ...withVenue, version: 4, venue_id: null, venue_status: null, venue_title: null },
      }),
    });
    seedEvents([withVenue]);
    renderScreen('/dashboard/events', eventsRoute);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).getByRole('combobox', { name: 'Venue' })).toHaveValue('Blue Door Bar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove venue' }));
    expect(within(dialog).getByRole('combobox', { name: 'Venue' })).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(formFields(sent.find((r) => r.method === 'PUT')?.body)).toEqual({ venue_id: '' });
  });

  it("says the venue's answer on the card in words", () => {
    stubApi({});
    seedEvents([
      eventRecord({ id: 1, title: 'Waiting', venue_id: 70, venue_status: 'pending', venue_title: 'Blue Door Bar' }),
      eventRecord({ id: 2, title: 'Yes', venue_id: 70, venue_status: 'approved', venue_title: 'Blue Door Bar' }),
      eventRecord({ id: 3, title: 'No', venue_id: 70, venue_status: 'declined', venue_title: 'Blue Door Bar' }),
      eventRecord({ id: 4, title: 'Nowhere' }),
    ]);
    renderScreen('/dashboard/events', eventsRoute);
    const card = (title: string) => screen.getByRole('article', { name: title });
    expect(card('Waiting')).toHaveTextContent('At Blue Door Bar · Waiting for the venue');
    expect(card('Yes')).toHaveTextContent('At Blue Door Bar · Approved by the venue');
    expect(card('No')).toHaveTextContent('At Blue Door Bar · Declined by the venue');
    expect(card('Nowhere')).not.toHaveTextContent('venue');
  });
});

describe('the business page Requests section', () => {
  const listing = eventRecord({ id: 70, title: 'Blue Door Bar', is_recurring: true, is_listing: true });

  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists title, date, promoter and cover, and Approve goes out with an Idempotency-Key', async () => {
    const keys: string[] = [];
    let jazzStatus: VenueRequest['venue_status'] = 'pending';
    const { sent } = stubApi({
      'GET /api/events/venue/requests/': () => ({
        status: 200,
        body: {
          requests: [
            request({ venue_status: jazzStatus }),
            request({ id: 13, title: 'Soul Sunday', cover_image: 'https://x.test/a.jpg' }),
          ],
        },
      }),
      'POST /api/events/12/venue/approve/': () => {
        jazzStatus = 'approved';
        return { status: 200, body: request({ venue_status: 'approved' }) };
      },
    });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      const key = new Headers(init.headers).get('Idempotency-Key');
      if (key) keys.push(key);
      return realFetch(input, init);
    });
    seedEvents([listing]);
    renderScreen('/dashboard/business/70', businessRoute);
    const section = await screen.findByRole('region', { name: 'Requests' });
    const jazz = await within(section).findByRole('listitem', { name: 'Jazz Night' }, { timeout: 5000 });
    expect(jazz).toHaveTextContent('By nightowl');
    expect(jazz).toHaveTextContent('20:00');
    expect(jazz).toHaveTextContent('Waiting for the venue');
    expect(within(section).getByRole('listitem', { name: 'Soul Sunday' }).querySelector('img')).not.toBeNull();
    await userEvent.click(within(jazz).getByRole('button', { name: 'Approve' }));
    // Shown at once (the queued answer), then sent once, with its key.
    await waitFor(() => expect(jazz).toHaveTextContent('Approved by the venue'), { timeout: 5000 });
    await waitFor(() => expect(jazz).not.toHaveTextContent('Waiting to sync'), { timeout: 5000 });
    expect(sent.filter((r) => r.path === '/api/events/12/venue/approve/')).toHaveLength(1);
    expect(keys).toHaveLength(1);
    expect(jazz).toHaveTextContent('Approved by the venue');
    // Approved: it may still be declined, not approved twice.
    expect(within(jazz).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(jazz).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('keeps an answer made offline on this device and shows it at once', async () => {
    const { sent } = stubApi({
      'GET /api/events/venue/requests/': () => ({ status: 200, body: { requests: [request()] } }),
    });
    seedEvents([listing]);
    renderScreen('/dashboard/business/70', businessRoute);
    const section = await screen.findByRole('region', { name: 'Requests' });
    const jazz = await within(section).findByRole('listitem', { name: 'Jazz Night' }, { timeout: 5000 });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useSync.setState({ online: false });
    await userEvent.click(within(jazz).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(jazz).toHaveTextContent('Declined by the venue · Waiting to sync'), { timeout: 5000 });
    await waitFor(() => expect(jazz).toHaveTextContent('It will be sent when you’re back online.'), { timeout: 5000 });
    expect(sent.some((r) => r.path.includes('/venue/decline/'))).toBe(false);
  });

  it('opened offline after a reload, shows the requests this device kept, says when they were read, and answers them', async () => {
    const { sent } = stubApi({});
    const userId = useAuth.getState().user!.id;
    await cacheVenueRequests(userId, [request({ id: 14, title: 'Soul Sunday' })]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useSync.setState({ online: false });
    seedEvents([listing]);
    renderScreen('/dashboard/business/70', businessRoute);
    const section = await screen.findByRole('region', { name: 'Requests' });
    const soul = await within(section).findByRole('listitem', { name: 'Soul Sunday' }, { timeout: 5000 });
    expect(section).toHaveTextContent(/You are offline: these are the requests as of/);
    await userEvent.click(within(soul).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(soul).toHaveTextContent('Approved by the venue · Waiting to sync'), { timeout: 5000 });
    expect(sent.some((r) => r.path.includes('/venue/'))).toBe(false);
  });
});
