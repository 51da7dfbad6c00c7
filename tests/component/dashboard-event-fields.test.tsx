/**
 * The event editor's listing fields: Description, Category,
 * Subcategory, Keywords, Ticket link, Price and currency with a live preview;
 * Save draft and Publish; messages next to the field they are about, never an
 * alert(); a draft card says "Draft"; a promoter's weekly series reads
 * "Every Fri & Sat · 21:00–23:30".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { eventRecord } from '../support/event-record.ts';
import { formFields, renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const route = { path: '/dashboard/events', Component: EventsPage };

async function openNewEvent() {
  await userEvent.click(screen.getByRole('button', { name: 'New event' }));
  return screen.findByRole('dialog', { name: 'New event' });
}

describe('event editor listing fields', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('fills every field, previews it, and Save draft sends them with status draft', async () => {
    const { sent } = stubApi({
      'POST /api/events/create/': () => ({ status: 201, body: eventRecord({ id: 50, status: 'draft' }) }),
    });
    seedEvents([]);
    renderScreen('/dashboard/events', route);
    const dialog = await openNewEvent();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Warehouse Sessions');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'House all night.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'music');
    await userEvent.selectOptions(within(dialog).getByLabelText('Subcategory'), 'House');
    await userEvent.type(within(dialog).getByLabelText('Keywords'), 'Techno{Enter}');
    await userEvent.type(within(dialog).getByLabelText('Ticket link'), 'https://tickets.example.com/ws');
    await userEvent.type(within(dialog).getByLabelText('Price'), '12.50');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'EUR');

    const preview = within(dialog).getByRole('region', { name: 'Event preview' });
    expect(preview).toHaveTextContent('€12.50');
    expect(preview).toHaveTextContent('Get tickets');
    expect(preview).toHaveTextContent('House all night.');
    expect(preview).toHaveTextContent('Music · House');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
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
      title: 'Warehouse Sessions',
      location_name: '',
      is_recurring: 'false',
      is_sponsored: 'false',
      bio: 'House all night.',
      event_type: 'music',
      event_subtype: 'House',
      keywords: '["techno"]',
      ticket_url: 'https://tickets.example.com/ws',
      price: '12.50',
      currency: 'EUR',
      status: 'draft',
    });
  });

  it('says what is wrong next to each field before sending: an http:// link, a negative price', async () => {
    const { sent } = stubApi({});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    seedEvents([]);
    renderScreen('/dashboard/events', route);
    const dialog = await openNewEvent();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Gig');
    await userEvent.type(within(dialog).getByLabelText('Ticket link'), 'http://tickets.example.com/');
    await userEvent.type(within(dialog).getByLabelText('Price'), '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    const link = within(dialog).getByLabelText('Ticket link');
    const price = within(dialog).getByLabelText('Price');
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(/starting with https:\/\//);
    expect(price).toHaveAccessibleDescription(/cannot be negative/);
    expect(link).toHaveFocus();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    expect(alert).not.toHaveBeenCalled();
    // Fixing a field clears the messages.
    await userEvent.clear(price);
    expect(price).not.toHaveAttribute('aria-invalid');
  });

  it('shows "Draft" on a draft card, and Publish on it sends status published', async () => {
    const { sent } = stubApi({
      'PUT /api/events/12/update/': () => ({ status: 200, body: eventRecord({ version: 4 }) }),
    });
    seedEvents([eventRecord({ status: 'draft' })]);
    renderScreen('/dashboard/events', route);
    const card = screen.getByRole('article', { name: 'Jazz on the roof' });
    expect(within(card).getByText('Draft')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(formFields(sent.find((request) => request.method === 'PUT')?.body)).toEqual({ status: 'published' });
  });

  it('keeps Save for a published event, and no "Draft" on its card', async () => {
    stubApi({});
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const card = screen.getByRole('article', { name: 'Jazz on the roof' });
    expect(within(card).queryByText('Draft')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move to drafts' })).toBeInTheDocument();
  });

  it('writes a promoter’s weekly series as "Every Fri & Sat · 21:00–23:30"', async () => {
    await signInAs({ user_type: 'subpromoter' });
    stubApi({});
    seedEvents([
      eventRecord({
        is_recurring: true,
        start_date: null,
        start_time: null,
        friday: true,
        saturday: true,
        recurring_start_time: '21:00',
        recurring_end_time: '23:30',
      }),
    ]);
    renderScreen('/dashboard/events', route);
    const card = screen.getByRole('article', { name: 'Jazz on the roof' });
    expect(within(card).getByText('Every Fri & Sat · 21:00–23:30')).toBeInTheDocument();
    expect(within(card).getByText('Weekly')).toBeInTheDocument();
    expect(within(card).queryByText('Business')).toBeNull();
  });
});
