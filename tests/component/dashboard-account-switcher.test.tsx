/**
 * The Account switcher (contract §12): a member chooses between "Your account"
 * and each account they are on, with their role; the choice is kept on this
 * device, every request carries X-Account for it, the list shown is that
 * account's (never the other's for a moment), the tabs follow the role, and a
 * write queued meanwhile is stored with the account it was made for.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardLayout } from '../../src/features/dashboard/dashboard-layout.tsx';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { openDatabase } from '../../src/shared/db/open-database.ts';
import { listEntries } from '../../src/shared/outbox/outbox-repository.ts';
import { useAccount } from '../../src/stores/account-store.ts';
import { resetMyEvents } from '../../src/stores/my-events-store.ts';
import { queueWrite } from '../../src/stores/sync-actions.ts';
import { eventRecord } from '../support/event-record.ts';
import { signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const harbour = { owner_id: 40, email: 'harbour@example.org', display_name: 'harbour.lights', role: 'editor' };
const quay = {
  owner_id: 41,
  email: 'quay@example.org',
  display_name: 'quay.club',
  role: 'manager',
  user_type: 'business',
};

const mine = eventRecord({ id: 1, title: 'My own gig' });
const theirs = eventRecord({ id: 400, title: 'Harbour night' });

function renderDashboard(path = '/dashboard/events') {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        Component: DashboardLayout,
        children: [
          { path: 'events', Component: EventsPage },
          { path: 'profile', Component: () => <h1>Profile page</h1> },
          { path: 'team', Component: () => <h1>Team page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The memberships given, and the member's own events. */
function stubAccounts(accounts: unknown[]) {
  return stubApi({
    'GET /api/team/accounts/': () => ({ status: 200, body: { accounts } }),
    'GET /api/events/user/': () => ({ status: 200, body: [mine] }),
  });
}

describe('Account switcher', () => {
  beforeEach(async () => {
    localStorage.clear();
    useAccount.setState({ chosen: {}, memberships: {} }, true);
    resetMyEvents();
    await signInAs({ user_type: 'subpromoter' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is not shown to someone on nobody’s team', async () => {
    const { sent } = stubAccounts([]);
    renderDashboard();
    await waitFor(() => expect(sent.some((r) => r.path === '/api/team/accounts/')).toBe(true));
    const tabs = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Profile', 'Events', 'Team']);
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });

  it('lists Your account and each membership with its role, and acting for an editor’s owner shows that account’s events only, with X-Account', async () => {
    let releaseTheirs: () => void = () => undefined;
    const { sent } = stubApi({
      'GET /api/team/accounts/': () => ({ status: 200, body: { accounts: [harbour, quay] } }),
      'GET /api/events/user/': () => ({ status: 200, body: [mine] }),
    });
    renderDashboard();
    expect(await screen.findByText('My own gig')).toBeInTheDocument();
    const account = await screen.findByRole('combobox', { name: 'Account' });
    expect(
      within(account)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Your account', 'harbour.lights (Editor)', 'quay.club (Manager)']);
    // The owner's list answers late: until it does, the member's own events are not shown as the owner's.
    vi.stubGlobal('fetch', (async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://app.test').pathname;
      const headers = new Headers(init.headers);
      sent.push({ method: init.method ?? 'GET', path, body: null, headers });
      const body =
        path === '/api/team/accounts/'
          ? { accounts: [harbour, quay] }
          : headers.get('X-Account') === '40'
            ? await new Promise((resolve) => (releaseTheirs = () => resolve([theirs])))
            : [mine];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'harbour.lights (Editor)');
    await waitFor(() => expect(screen.queryByText('My own gig')).toBeNull());
    releaseTheirs();
    expect(await screen.findByText('Harbour night')).toBeInTheDocument();
    expect(screen.queryByText('My own gig')).toBeNull();
    const listed = sent.filter((r) => r.path === '/api/events/user/').at(-1)!;
    expect(listed.headers.get('X-Account')).toBe('40');
    // Sign-in and membership calls are the person's own.
    expect(sent.filter((r) => r.path === '/api/team/accounts/').every((r) => !r.headers.has('X-Account'))).toBe(true);

    const tabs = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Events']);
    expect(JSON.parse(localStorage.getItem('roamly-account')!).state.chosen).toEqual({ '1': 40 });

    await queueWrite({ kind: 'event.update', target: 'event:400', fields: { title: 'Harbour night, later' } });
    const [entry] = await listEntries(await openDatabase());
    expect(entry).toMatchObject({ userId: 1, accountId: 40, target: 'event:400' });
  });

  it('follows a switch made in another tab of this device at once, not at the next reload', async () => {
    stubApi({
      'GET /api/team/accounts/': () => ({ status: 200, body: { accounts: [harbour, quay] } }),
      'GET /api/events/user/': (_body, headers) => ({
        status: 200,
        body: headers.get('X-Account') === '40' ? [theirs] : [mine],
      }),
    });
    renderDashboard();
    expect(await screen.findByText('My own gig')).toBeInTheDocument();
    // What the other tab's switch leaves in localStorage, and the event it raises here.
    const kept = JSON.stringify({ state: { chosen: { '1': 40 }, memberships: { '1': [harbour, quay] } } });
    localStorage.setItem('roamly-account', kept);
    window.dispatchEvent(new StorageEvent('storage', { key: 'roamly-account', newValue: kept }));
    expect(await screen.findByText('Harbour night')).toBeInTheDocument();
    expect(screen.queryByText('My own gig')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('40');
  });

  it('shows a manager all tabs but Team (a business owner’s business tab too), and sends an editor away from pages outside their role', async () => {
    stubAccounts([harbour, quay]);
    useAccount.setState({ chosen: { '1': 41 }, memberships: { '1': [harbour, quay] } as never });
    const router = renderDashboard('/dashboard/team');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
    const tabs = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Profile', 'Add Business', 'Events']); // the owner is a business with no listing yet

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'harbour.lights (Editor)');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/events'));
  });
});
