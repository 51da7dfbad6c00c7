import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { useMyEvents } from '../../src/stores/my-events-store.ts';
import { eventRecord } from '../support/event-record.ts';
import { formFields, renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const route = { path: '/dashboard/events', Component: EventsPage };

describe('events screen', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each event as a card with its badges, place and own Edit and Delete', async () => {
    stubApi({});
    seedEvents([
      eventRecord(),
      eventRecord({ id: 13, title: 'Harbour Lights', is_recurring: true, is_sponsored: false, monday: true }),
    ]);
    renderScreen('/dashboard/events', route);
    const jazz = screen.getByRole('article', { name: 'Jazz on the roof' });
    expect(within(jazz).getByText('Event')).toBeInTheDocument();
    expect(within(jazz).queryByText('Business')).toBeNull();
    expect(within(jazz).getByText('Camden, London')).toBeInTheDocument();
    expect(within(jazz).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(jazz).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const business = screen.getByRole('article', { name: 'Harbour Lights' });
    expect(within(business).getByText('Business')).toBeInTheDocument();
  });

  it('says Failed to load events. when the list could not be loaded', () => {
    stubApi({});
    useMyEvents.setState({
      status: 'ready',
      events: [],
      source: null,
      loadedAt: null,
      loadError: 'failed',
    });
    renderScreen('/dashboard/events', route);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load events.');
  });

  it('shows the copy kept on this device while the server’s answer is on its way, without calling it a saved copy', () => {
    stubApi({});
    useMyEvents.setState({
      status: 'ready',
      events: [eventRecord()],
      source: 'stored',
      loadedAt: Date.now() - 60_000,
      loadError: null,
    });
    renderScreen('/dashboard/events', route);
    expect(screen.getByRole('article', { name: 'Jazz on the roof' })).toBeInTheDocument();
    expect(screen.queryByText(/saved copy/)).toBeNull();
    expect(screen.queryByText('Loading your events…')).toBeNull();
  });

  it('creates an event sending only the filled dates and times, and no coordinates without a place', async () => {
    const { sent } = stubApi({
      'POST /api/events/create/': () => ({ status: 201, body: eventRecord({ id: 40, title: 'Open mic' }) }),
      'GET /api/media_feed/places-autocomplete/': () => ({ status: 200, body: { predictions: [] } }),
    });
    seedEvents([]);
    renderScreen('/dashboard/events', route);
    await userEvent.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Open mic');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Location' }), 'The Crown');
    await userEvent.type(within(dialog).getByLabelText('Start date'), '2026-07-04');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    // The dialog closes once the write is queued; the outbox sends it just after.
    const create = await waitFor(
      () => {
        const found = sent.find((request) => request.path === '/api/events/create/');
        expect(found).toBeDefined();
        return found;
      },
      { timeout: 5000 },
    );
    expect(formFields(create?.body)).toEqual({
      title: 'Open mic',
      location_name: 'The Crown',
      is_recurring: 'false',
      is_sponsored: 'false',
      start_date: '2026-07-04',
    });
  });

  it('a weekly event uses days and opening times, then gets the follow-up PUT', async () => {
    const { sent } = stubApi({
      'POST /api/events/create/': () => ({ status: 201, body: eventRecord({ id: 41, version: 1 }) }),
      'PUT /api/events/41/update/': () => ({ status: 200, body: eventRecord({ id: 41, version: 2 }) }),
    });
    seedEvents([]);
    renderScreen('/dashboard/events', route);
    await userEvent.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Salsa class');
    await userEvent.click(within(dialog).getByLabelText('Repeats every week'));
    expect(within(dialog).queryByLabelText('Start date')).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Wednesday' }));
    await userEvent.type(within(dialog).getByLabelText('Opening time'), '19:00');
    await userEvent.type(within(dialog).getByLabelText('Closing time'), '21:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    const put = sent.find((request) => request.method === 'PUT');
    expect(formFields(put?.body)).toEqual({
      is_recurring: 'true',
      monday: 'false',
      tuesday: 'false',
      wednesday: 'true',
      thursday: 'false',
      friday: 'false',
      saturday: 'false',
      sunday: 'false',
      recurring_start_time: '19:00',
      recurring_end_time: '21:00',
    });
  });

  it('closes on Save before the server answers; a refusal comes back on the card as Needs attention, and opening the change shows the reason next to its field, focused, without alert()', async () => {
    let answer: (() => void) | null = null;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi({
      'POST /api/events/create/': async () => {
        await answered;
        return {
          status: 400,
          body: {
            detail: 'Ticket link must be a full web address starting with https://.',
            errors: { ticket_url: ['Ticket link must be a full web address starting with https://.'] },
          },
        };
      },
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    seedEvents([]);
    renderScreen('/dashboard/events', route);
    await userEvent.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'x');
    await userEvent.type(within(dialog).getByLabelText('Ticket link'), 'https://tickets.example.com/x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    // The server has not answered yet: the write is stored, so the dialog is gone and the card is pending.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New event' })).toBeNull());
    const card = await screen.findByRole('article', { name: 'x' });
    expect(within(card).getByText('Pending sync')).toBeInTheDocument();
    answer!();
    await waitFor(() => expect(within(card).getByText('Needs attention')).toBeInTheDocument(), { timeout: 5000 });
    expect(card).toHaveTextContent('Ticket link must be a full web address starting with https://.');
    await userEvent.click(within(card).getByRole('button', { name: 'Open the change' }));
    const reopened = await screen.findByRole('dialog', { name: 'Edit event' });
    const link = within(reopened).getByLabelText('Ticket link');
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(/starting with https:\/\//);
    await waitFor(() => expect(link).toHaveFocus());
    expect(alert).not.toHaveBeenCalled();
  });

  it('an edit sends only what changed', async () => {
    const { sent } = stubApi({
      'PUT /api/events/12/update/': () => ({ status: 200, body: eventRecord({ title: 'Jazz at dusk', version: 4 }) }),
    });
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const card = screen.getByRole('article', { name: 'Jazz on the roof' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Jazz at dusk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    const put = sent.find((request) => request.method === 'PUT');
    expect(formFields(put?.body)).toEqual({ title: 'Jazz at dusk' });
  });

  it('deletes only after confirm("Delete this event?")', async () => {
    const { sent } = stubApi({ 'DELETE /api/events/12/delete/': () => ({ status: 204 }) });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const card = screen.getByRole('article', { name: 'Jazz on the roof' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete this event?');
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true), { timeout: 5000 });
  });

  it('opens a new event from the install shortcut (?new=1) and drops the parameter', async () => {
    stubApi({});
    seedEvents([]);
    const router = renderScreen('/dashboard/events?new=1', route);
    expect(await screen.findByRole('dialog', { name: 'New event' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
