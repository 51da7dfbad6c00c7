/**
 * A card's Insights (contract §10): the button opens a dialog with
 * the last 30 days' totals (Views, Visitors, QR scans, Ticket clicks, Shares,
 * Calendar adds), a chart whose name says what it shows, and the daily numbers
 * (visitors too) as a table; figures kept before visitors were counted show 0; offline it shows the last figures this device loaded, "as of" when;
 * a listing not yet sent has no Insights.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InsightsButton } from '../../src/components/insights/insights-button.tsx';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import type { InsightsSchema } from '../../src/shared/contract/insights.ts';
import type * as v from 'valibot';
import { eventRecord } from '../support/event-record.ts';
import { renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const route = { path: '/dashboard/events', Component: EventsPage };

/** An answer as sent, before any field the schema fills in. */
function thirtyDays(): v.InferInput<typeof InsightsSchema> {
  const days: v.InferInput<typeof InsightsSchema>['days'] = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 0, 15) - (29 - i) * 86_400_000).toISOString().slice(0, 10),
    views: 0,
    qr_scans: 0,
    shares: 0,
    calendar_adds: 0,
    ticket_clicks: 0,
  }));
  days[29] = { ...days[29]!, views: 9, visitors: 6, qr_scans: 3, ticket_clicks: 2, shares: 1 };
  days[27] = { ...days[27]!, views: 4, calendar_adds: 1 };
  return {
    days,
    totals: { views: 13, visitors: 6, qr_scans: 3, shares: 1, calendar_adds: 1, ticket_clicks: 2 },
    followers: 4,
  };
}

async function openInsights(title = 'Jazz on the roof') {
  const card = screen.getByRole('article', { name: title });
  await userEvent.click(within(card).getByRole('button', { name: 'Insights' }));
  return screen.findByRole('dialog', { name: `Insights: ${title}` });
}

function figure(dialog: HTMLElement, label: string): string {
  const term = within(dialog).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('Insights on a card', () => {
  beforeEach(async () => {
    await signInAs({ id: 7 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the 30-day totals, a chart named by its busiest day and the daily numbers as a table', async () => {
    const { sent } = stubApi({ 'GET /api/events/12/insights/': () => ({ status: 200, body: thirtyDays() }) });
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const dialog = await openInsights();
    await within(dialog).findByText('Views', { selector: 'dt' }, { timeout: 5000 });
    expect(figure(dialog, 'Views')).toBe('13');
    expect(figure(dialog, 'Visitors')).toBe('6');
    expect(figure(dialog, 'Followers')).toBe('4');
    expect(figure(dialog, 'QR scans')).toBe('3');
    expect(figure(dialog, 'Ticket clicks')).toBe('2');
    expect(figure(dialog, 'Shares')).toBe('1');
    expect(figure(dialog, 'Calendar adds')).toBe('1');
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^as of /);
    const chart = within(dialog).getByRole('img', { name: /busiest day was .* with 9\.$/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    const table = within(dialog).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    const newest = within(table).getAllByRole('row')[1]!;
    expect(
      within(newest)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['9', '6', '3', '2', '1', '0']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Views', 'Visitors', 'QR scans', 'Ticket clicks', 'Shares', 'Calendar adds']);
    // A day before any visitor was counted (no `visitors` in the answer) reads 0, as text.
    expect(within(within(table).getAllByRole('row')[3]!).getAllByRole('cell')[1]!.textContent).toBe('0');
    const read = sent.find((request) => request.path === '/api/events/12/insights/');
    expect(read?.method).toBe('GET');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Insights' })).toHaveFocus();
  });

  it('offline, shows the last figures this device loaded with "as of" when', async () => {
    stubApi({ 'GET /api/events/12/insights/': () => ({ status: 200, body: thirtyDays() }) });
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    let dialog = await openInsights();
    await within(dialog).findByText('13', { selector: 'dd' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    dialog = await openInsights();
    const note = await within(dialog).findByText(/You’re offline\. Last known figures, as of /, {}, { timeout: 5000 });
    expect(note).toHaveAttribute('role', 'status');
    expect(figure(dialog, 'Views')).toBe('13');
    expect(figure(dialog, 'Visitors')).toBe('6');
  });

  it('a listing created offline and not sent yet has no Insights button', () => {
    render(<InsightsButton target="event:tmp-4f1c" title="Not sent" />);
    expect(screen.queryByRole('button', { name: 'Insights' })).toBeNull();
  });

  it('offline with nothing loaded before, says so', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    seedEvents([eventRecord({ id: 55, title: 'Never opened' })]);
    renderScreen('/dashboard/events', route);
    const dialog = await openInsights('Never opened');
    expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'You’re offline and these insights were never loaded on this device.',
    );
  });
});
