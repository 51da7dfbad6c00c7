/**
 * Publish at (contract §11): a draft given a time is saved as a scheduled
 * draft — Schedule instead of Publish — with the instant it names, and its card
 * says Scheduled with the time; clearing the time unschedules it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { eventRecord } from '../support/event-record.ts';
import { formFields, renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const route = { path: '/dashboard/events', Component: EventsPage };
const card = () => document.getElementById('event-title-event-12')!.closest('article')!;

describe('Publish at', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('turns Publish into Schedule and saves the draft with the instant on this device', async () => {
    const local = '2026-12-05T18:30';
    const { sent } = stubApi({
      'PUT /api/events/12/update/': () => ({
        status: 200,
        body: eventRecord({ status: 'draft', publish_at: new Date(local).toISOString(), version: 4 }),
      }),
    });
    seedEvents([eventRecord({ status: 'draft' })]);
    renderScreen('/dashboard/events', route);
    expect(within(card()).getByText('Draft')).toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const field = within(dialog).getByLabelText('Publish at');
    expect(field).toHaveAttribute('type', 'datetime-local');
    await userEvent.type(field, local);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(formFields(sent.find((request) => request.method === 'PUT')?.body)).toEqual({
      publish_at: new Date(local).toISOString(),
    });
    await waitFor(() => expect(within(card()).getByText(/^Scheduled · /)).toBeInTheDocument());
  });

  it('is not offered on a published event', async () => {
    stubApi({});
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    await userEvent.click(within(card()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).queryByLabelText('Publish at')).toBeNull();
  });

  it('Move to drafts asks first, saying what stops working, and does nothing when refused', async () => {
    const { sent } = stubApi({
      'PUT /api/events/12/update/': () => ({ status: 200, body: eventRecord({ status: 'draft', version: 4 }) }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    await userEvent.click(within(card()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to drafts' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/page, QR poster and calendar entries stop working/));
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to drafts' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    expect(formFields(sent.find((request) => request.method === 'PUT')?.body)).toEqual({ status: 'draft' });
  });

  it('a draft’s Share says to publish first, with no QR poster or Embed', async () => {
    stubApi({});
    seedEvents([eventRecord({ status: 'draft' })]);
    renderScreen('/dashboard/events', route);
    const share = within(card()).getByRole('button', { name: 'Share' });
    expect(share).toHaveAttribute('aria-disabled', 'true');
    expect(share).toHaveAccessibleDescription('Publish first: a draft has no public page yet.');
    expect(within(card()).queryByRole('link', { name: 'QR poster' })).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Embed' })).toBeNull();
  });
});
