/**
 * First run: a new promoter lands on Profile with a way to their
 * first event, and an empty Events screen invites one; both go away once an
 * event exists.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { Component as ProfilePage } from '../../src/features/profile/profile-page.tsx';
import { eventRecord } from '../support/event-record.ts';
import { renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const routes = [
  { path: '/dashboard/profile', Component: ProfilePage },
  { path: '/dashboard/events', Component: EventsPage },
];

describe('first run', () => {
  beforeEach(async () => {
    await signInAs({ user_type: 'subpromoter' });
    stubApi({});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('Profile with no events points to the first one, which opens the New event editor', async () => {
    seedEvents([]);
    const router = renderScreen('/dashboard/profile', routes);
    await userEvent.click(await screen.findByRole('link', { name: 'Create your first event' }));
    expect(router.state.location.pathname).toBe('/dashboard/events');
    expect(await screen.findByRole('dialog', { name: 'New event' })).toBeInTheDocument();
  });

  it('an empty Events screen invites the first event', async () => {
    seedEvents([]);
    renderScreen('/dashboard/events', routes);
    expect(await screen.findByRole('heading', { name: 'No events yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first event' }));
    expect(await screen.findByRole('dialog', { name: 'New event' })).toBeInTheDocument();
  });

  it('says nothing of the kind once there is an event', async () => {
    seedEvents([eventRecord({ title: 'Quiz night' })]);
    renderScreen('/dashboard/profile', routes);
    await screen.findByLabelText('Display name');
    expect(screen.queryByRole('link', { name: 'Create your first event' })).toBeNull();
  });
});
