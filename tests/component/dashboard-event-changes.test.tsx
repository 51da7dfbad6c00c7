/**
 * After publishing, the editor changes what the event is without breaking its
 * links (contract §11): Cancel event and Postpone send the status with the note,
 * Mark sold out sends sold_out, Back on as planned returns to published; the
 * card says Cancelled, Postponed or Sold out. A draft has none of these.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { eventRecord } from '../support/event-record.ts';
import { formFields, renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const route = { path: '/dashboard/events', Component: EventsPage };

/**
 * The card of event 12 ("Jazz on the roof"), found by its id: on a loaded host a card of the same
 * title that another file of the same worker left in its saved copy was seen listed beside it.
 */
function card(): HTMLElement {
  const element = document.getElementById('event-title-event-12')?.closest('article');
  if (!element) throw new Error('No card for event 12');
  return element;
}

async function openEditor() {
  await userEvent.click(within(card()).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit event' });
}

describe('changes after publishing', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('Cancel event sends the status and the note at once, and the card says Cancelled', async () => {
    const note = 'Storm warning. Refunds go out this week.';
    const { sent } = stubApi({
      'PUT /api/events/12/update/': () => ({
        status: 200,
        body: eventRecord({ status: 'cancelled', status_note: note, version: 4 }),
      }),
    });
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const dialog = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Note for guests'), note);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel event' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(formFields(sent.find((request) => request.method === 'PUT')?.body)).toEqual({
      status: 'cancelled',
      status_note: note,
    });
    await waitFor(() => expect(within(card()).getByText('Cancelled')).toBeInTheDocument());
  });

  it('a cancelled event offers Back on as planned, which publishes it again and clears the note', async () => {
    const { sent } = stubApi({
      'PUT /api/events/12/update/': () => ({ status: 200, body: eventRecord({ version: 5 }) }),
    });
    seedEvents([eventRecord({ status: 'cancelled', status_note: 'Flooded.' })]);
    renderScreen('/dashboard/events', route);
    expect(within(card()).getByText('Cancelled')).toBeInTheDocument();
    const dialog = await openEditor();
    expect(within(dialog).queryByRole('button', { name: 'Cancel event' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back on as planned' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(formFields(sent.find((request) => request.method === 'PUT')?.body)).toEqual({
      status: 'published',
      status_note: '',
    });
  });

  it('Mark sold out sends sold_out and the card says Sold out; Postpone is there too', async () => {
    const { sent } = stubApi({
      'PUT /api/events/12/update/': () => ({ status: 200, body: eventRecord({ sold_out: true, version: 4 }) }),
    });
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const dialog = await openEditor();
    expect(within(dialog).getByRole('button', { name: 'Postpone' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark sold out' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(formFields(sent.find((request) => request.method === 'PUT')?.body)).toEqual({ sold_out: 'true' });
    await waitFor(() => expect(within(card()).getByText('Sold out')).toBeInTheDocument());
  });

  it('a weekly series lists its next dates, each with Skip, which saves skipped_dates at once', async () => {
    const { sent } = stubApi({
      'PUT /api/events/12/update/': () => ({ status: 200, body: eventRecord({ is_recurring: true, version: 4 }) }),
    });
    seedEvents([
      eventRecord({
        is_recurring: true,
        friday: true,
        start_date: null,
        recurring_start_time: '19:00',
        recurring_end_time: '23:00',
      }),
    ]);
    renderScreen('/dashboard/events', route);
    const dialog = await openEditor();
    const skips = within(dialog).getAllByRole('button', { name: 'Skip' });
    expect(skips.length).toBe(6);
    await userEvent.click(skips[1]!);
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    const fields = formFields(sent.find((request) => request.method === 'PUT')?.body);
    const dates = JSON.parse(fields.skipped_dates ?? '[]') as string[];
    expect(dates).toHaveLength(1);
    expect(new Date(`${dates[0]}T12:00:00Z`).getUTCDay()).toBe(5); // a Friday of the series
  });

  it('a draft has nothing to cancel', async () => {
    stubApi({});
    seedEvents([eventRecord({ status: 'draft' })]);
    renderScreen('/dashboard/events', route);
    const dialog = await openEditor();
    expect(within(dialog).queryByRole('button', { name: 'Cancel event' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Mark sold out' })).toBeNull();
  });
});
