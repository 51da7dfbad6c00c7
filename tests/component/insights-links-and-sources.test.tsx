/**
 * Tagged links in a card's Insights (contract §11): **Links** lists the
 * event's links with their address, a Copy button and their views; **New
 * link** makes one and adds it to the list; a refused label shows the
 * server's sentence, and offline the form says to try again when connected.
 * **Sources** shows the views per source as text.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InsightsView } from '../../src/components/insights/insights-dialog.tsx';
import { signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const URL_A = 'https://roamly.example/e/12/jazz?src=abcdefgh';

function insights() {
  return {
    days: [{ date: '2026-01-15', views: 5, qr_scans: 1, shares: 0, calendar_adds: 0, ticket_clicks: 0, visitors: 4 }],
    totals: { views: 5, qr_scans: 1, shares: 0, calendar_adds: 0, ticket_clicks: 0, visitors: 4 },
    sources: [
      { source: 'Library poster', views: 3 },
      { source: 'news.example.org', views: 1 },
      { source: 'qr', views: 1 },
    ],
  };
}

function show() {
  render(<InsightsView eventId={12} title="Jazz on the roof" onClose={() => undefined} />);
}

describe('Links and Sources in Insights', () => {
  beforeEach(async () => {
    await signInAs({ id: 7 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the links with their address, Copy and views, and shows views per source as text', async () => {
    stubApi({
      'GET /api/events/12/insights/': () => ({ status: 200, body: insights() }),
      'GET /api/events/12/links/': () => ({
        status: 200,
        body: [{ id: 1, label: 'Library poster', url: URL_A, views: 3 }],
      }),
    });
    show();
    const links = await screen.findByRole('region', { name: 'Links' }, { timeout: 5000 });
    const row = await within(links).findByRole('listitem');
    expect(row).toHaveTextContent('Library poster');
    expect(within(row).getByRole('textbox', { name: 'Address of Library poster' })).toHaveValue(URL_A);
    expect(within(row).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(row).toHaveTextContent('3 views');

    const sources = await screen.findByRole('region', { name: 'Sources' });
    const items = within(sources)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Library poster3', 'news.example.org1', 'QR poster1']);
  });

  it('makes a new link from its label and adds it to the list; a refused label shows why', async () => {
    const { sent } = stubApi({
      'GET /api/events/12/insights/': () => ({ status: 200, body: insights() }),
      'GET /api/events/12/links/': () => ({ status: 200, body: [] }),
      'POST /api/events/12/links/': (body) =>
        (body as { label: string }).label === 'Taken'
          ? { status: 409, body: { detail: 'This event already has a link called "Taken".' } }
          : { status: 201, body: { id: 2, label: 'Café flyer', url: URL_A } },
    });
    show();
    const links = await screen.findByRole('region', { name: 'Links' }, { timeout: 5000 });
    await within(links).findByText('No links yet.');
    await userEvent.type(within(links).getByLabelText('Label'), 'Café flyer');
    await userEvent.click(within(links).getByRole('button', { name: 'New link' }));
    const row = await within(links).findByRole('listitem');
    expect(row).toHaveTextContent('Café flyer');
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ label: 'Café flyer' });
    expect(within(links).getByLabelText('Label')).toHaveValue('');

    await userEvent.type(within(links).getByLabelText('Label'), 'Taken');
    await userEvent.click(within(links).getByRole('button', { name: 'New link' }));
    expect(await within(links).findByRole('alert')).toHaveTextContent('This event already has a link called "Taken".');
  });

  it('says to try again when connected when the link cannot be made offline', async () => {
    stubApi({
      'GET /api/events/12/insights/': () => ({ status: 200, body: insights() }),
      'GET /api/events/12/links/': () => ({ status: 200, body: [] }),
      'POST /api/events/12/links/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    show();
    const links = await screen.findByRole('region', { name: 'Links' }, { timeout: 5000 });
    await within(links).findByText('No links yet.');
    await userEvent.type(within(links).getByLabelText('Label'), 'Library poster');
    await userEvent.click(within(links).getByRole('button', { name: 'New link' }));
    expect(await within(links).findByRole('alert')).toHaveTextContent('You’re offline: try again when connected.');
    expect(within(links).getByLabelText('Label')).toHaveValue('Library poster');
  });
});
