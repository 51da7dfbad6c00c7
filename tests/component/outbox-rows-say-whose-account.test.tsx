/**
 * A team member's Outbox can hold writes for their own account and for the accounts they
 * act for: each row says whose it is, and Edit is offered only for writes of the account
 * the dashboard shows (the editor edits that account's events).
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OutboxEntryRow } from '../../src/features/outbox/outbox-entry-row.tsx';
import type { OutboxEntryView } from '../../src/stores/sync-actions.ts';
import { chooseAccount, useAccount } from '../../src/stores/account-store.ts';
import { renderScreen, signInAs } from './support/dashboard-harness.tsx';

const NOW = Date.parse('2026-11-28T12:00:00Z');

function view(id: string, accountId: number | null): OutboxEntryView {
  return {
    id,
    target: `event:${id}`,
    kind: 'event.update',
    accountId,
    createdAt: NOW - 60_000,
    state: 'pending',
    lastError: null,
    fields: { title: `Night ${id}` },
    hasImage: false,
  };
}

function rows(views: OutboxEntryView[]) {
  renderScreen('/dashboard/outbox', {
    path: '/dashboard/outbox',
    Component: () => (
      <ul>
        {views.map((v) => (
          <OutboxEntryRow key={v.id} view={v} now={NOW} />
        ))}
      </ul>
    ),
  });
  return screen.getAllByRole('listitem');
}

describe('Outbox rows of a team member', () => {
  let userId: number;
  beforeEach(async () => {
    userId = (await signInAs()).id;
    useAccount.setState({
      chosen: {},
      memberships: {
        [String(userId)]: [{ owner_id: 42, email: 'venue@example.org', display_name: 'The Lantern', role: 'editor' }],
      },
    });
  });

  it('name the account each write is for, and offer Edit only in the account shown', () => {
    const [own, theirs, gone] = rows([view('11', null), view('12', 42), view('13', 77)]);
    expect(own).toHaveTextContent('for your account');
    expect(theirs).toHaveTextContent('for The Lantern');
    expect(gone).toHaveTextContent('for account #77');
    expect(within(own!).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(within(theirs!).queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('offer Edit for the team account’s writes while acting for it', () => {
    chooseAccount(userId, 42);
    const [own, theirs] = rows([view('11', null), view('12', 42)]);
    expect(within(theirs!).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own!).queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('say nothing about accounts to someone with only their own', () => {
    useAccount.setState({ chosen: {}, memberships: {} });
    const [own] = rows([view('11', null)]);
    expect(own).not.toHaveTextContent('for ');
  });
});
