/** The Team tab (contract §12): members with Remove, pending invitations, and Invite with Email and Role. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AcceptPage } from '../../src/features/team/accept-page.tsx';
import { Component as TeamPage } from '../../src/features/team/team-page.tsx';
import { useAuth } from '../../src/stores/auth-store.ts';
import { renderScreen, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const route = { path: '/dashboard/team', Component: TeamPage };
const member = { user_id: 7, email: 'ed@example.org', display_name: 'Ed', role: 'editor' };
const pending = {
  id: 3,
  email: 'mo@example.org',
  role: 'manager',
  expires_at: '2026-02-01T12:00:00Z',
  created_at: '2026-01-25T12:00:00Z',
};

describe('Team tab', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists members with their role and pending invitations, and removes a member', async () => {
    let members = [member];
    const { sent } = stubApi({
      'GET /api/team/': () => ({ status: 200, body: { members, invites: [pending] } }),
      'DELETE /api/team/members/7/': () => {
        members = [];
        return { status: 204 };
      },
    });
    renderScreen('/dashboard/team', route);
    const members_ = await screen.findByRole('region', { name: 'Members' });
    expect(within(members_).getByText('Editor')).toBeInTheDocument();
    const invites = screen.getByRole('region', { name: 'Pending invitations' });
    expect(within(invites).getByText('mo@example.org')).toBeInTheDocument();
    expect(within(invites).getByText(/Manager · expires/)).toBeInTheDocument();

    await userEvent.click(within(members_).getByRole('button', { name: 'Remove ed@example.org' }));
    expect(await within(members_).findByText('No members yet.')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/team/members/7/')).toBe(true);
  });

  it('invites by Email with a Role chosen in a native select', async () => {
    const { sent } = stubApi({
      'GET /api/team/': () => ({ status: 200, body: { members: [], invites: [] } }),
      'POST /api/team/invites/': () => ({ status: 201, body: pending }),
    });
    renderScreen('/dashboard/team', route);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await userEvent.type(within(form).getByLabelText('Email'), 'mo@example.org');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'Manager');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Invitation sent to mo@example.org');
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ email: 'mo@example.org', role: 'manager' });
  });

  it('shows the server’s refusal of an invitation', async () => {
    stubApi({
      'GET /api/team/': () => ({ status: 200, body: { members: [], invites: [] } }),
      'POST /api/team/invites/': () => ({
        status: 409,
        body: { detail: 'A team has at most 20 members and pending invitations together. Remove one first.' },
      }),
    });
    renderScreen('/dashboard/team', route);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await userEvent.type(within(form).getByLabelText('Email'), 'x@example.org');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('at most 20');
  });
});

describe('/team/accept', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('accepts the token when signed in', async () => {
    await signInAs();
    const { sent } = stubApi({
      'POST /api/team/accept/': () => ({
        status: 200,
        body: {
          detail: 'You can now act for Owner as editor.',
          account: { owner_id: 2, email: 'o@example.org', display_name: 'Owner', role: 'editor' },
        },
      }),
    });
    renderScreen('/team/accept?token=abcdefghijklmnopqrstuvwxyz', { path: '/team/accept', Component: AcceptPage });
    expect(await screen.findByText('You can now act for Owner as editor.')).toHaveAttribute('role', 'status');
    expect(sent.filter((r) => r.path === '/api/team/accept/').map((r) => r.body)).toEqual([
      { token: 'abcdefghijklmnopqrstuvwxyz' },
    ]);
  });

  it('asks a signed-out visitor to log in first', async () => {
    useAuth.setState({ status: 'signed-out', user: null });
    const { sent } = stubApi({});
    renderScreen('/team/accept?token=abcdefghijklmnopqrstuvwxyz', { path: '/team/accept', Component: AcceptPage });
    expect(screen.getByText(/Log in with the email address the invitation was sent to/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
