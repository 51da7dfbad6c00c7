/**
 * The Events screen lists cards under Upcoming (soonest first, a weekly series
 * by its next date, the business listing at the head), Drafts (scheduled ones
 * by publish time, then newest first) and Past (most recent first; past once
 * its last day is over in the event's own zone), each heading an h2 with its
 * count and shown only over cards. Cancelled events stay where their date is.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { eventRecord } from '../support/event-record.ts';
import { renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const route = { path: '/dashboard/events', Component: EventsPage };

/** The card titles under one section's heading, top to bottom. */
function titles(section: string): string[] {
  const region = screen.getByRole('region', { name: new RegExp(`^${section} \\(\\d+\\)$`) });
  return within(region)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-labelledby') ?? '')
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

describe('events list: upcoming, drafts, past', () => {
  beforeEach(() => {
    // Wednesday 10 June 2026, 12:00 UTC: already Thursday the 11th on Kiritimati (UTC+14).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-10T12:00:00Z'));
    stubApi({});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('puts each event in its section and order, with the count in an h2', async () => {
    await signInAs();
    seedEvents([
      eventRecord({ id: 31, title: 'Old gig', start_date: '2026-06-01', created_at: '2026-04-01T10:00:00Z' }),
      eventRecord({ id: 41, title: 'Goes out Monday', status: 'draft', publish_at: '2026-06-15T09:00:00Z' }),
      eventRecord({ id: 21, title: 'Later gig', start_date: '2026-06-20' }),
      eventRecord({ id: 43, title: 'Old idea', status: 'draft', created_at: '2026-05-02T10:00:00Z' }),
      eventRecord({ id: 22, title: 'Soon gig', start_date: '2026-06-12' }),
      eventRecord({ id: 32, title: 'Older gig', start_date: '2026-05-20' }),
      eventRecord({ id: 24, title: 'Called off', start_date: '2026-06-15', status: 'cancelled' }),
      eventRecord({ id: 23, title: 'Festival', start_date: '2026-06-05', end_date: '2026-06-11' }),
      eventRecord({ id: 44, title: 'New idea', status: 'draft', created_at: '2026-05-05T10:00:00Z' }),
      eventRecord({ id: 42, title: 'Goes out Friday', status: 'draft', publish_at: '2026-06-12T09:00:00Z' }),
      eventRecord({ id: 25, title: 'London tonight', start_date: '2026-06-10', time_zone: 'Europe/London' }),
      eventRecord({
        id: 33,
        title: 'Kiritimati last night',
        start_date: '2026-06-10',
        time_zone: 'Pacific/Kiritimati',
      }),
      eventRecord({ id: 13, title: 'Harbour Lights', is_recurring: true, is_sponsored: false, monday: true }),
    ]);
    renderScreen('/dashboard/events', route);

    const sections = screen
      .getAllByRole('region', { name: /^(Upcoming|Drafts|Past) \(\d+\)$/ })
      .map((region) => document.getElementById(region.getAttribute('aria-labelledby') ?? '')!);
    expect(sections.map((heading) => heading.tagName)).toEqual(['H2', 'H2', 'H2']);
    expect(sections.map((heading) => heading.textContent)).toEqual(['Upcoming (6)', 'Drafts (4)', 'Past (3)']);
    expect(titles('Upcoming')).toEqual([
      'Harbour Lights',
      // Under way since the 5th, so it comes before tonight's.
      'Festival',
      'London tonight',
      'Soon gig',
      'Called off',
      'Later gig',
    ]);
    expect(titles('Drafts')).toEqual(['Goes out Friday', 'Goes out Monday', 'New idea', 'Old idea']);
    expect(titles('Past')).toEqual(['Kiritimati last night', 'Old gig', 'Older gig']);
    // The cards are the same cards: found by their title's id, with their own buttons.
    const card = document.getElementById('event-title-event-22')?.closest('article');
    expect(within(card!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    // Under its section's h2, a card's title is an h3.
    expect(within(card!).getByRole('heading', { level: 3, name: 'Soon gig' })).toBeInTheDocument();
  });

  it('places a promoter’s weekly series by its next date, and an ended one in Past', async () => {
    await signInAs({ user_type: 'subpromoter' });
    seedEvents([
      eventRecord({ id: 51, title: 'Saturday gig', start_date: '2026-06-13' }),
      eventRecord({ id: 52, title: 'Fridays', is_recurring: true, friday: true, recurring_start_time: '21:00' }),
      eventRecord({ id: 53, title: 'Thursday gig', start_date: '2026-06-11' }),
      eventRecord({
        id: 54,
        title: 'Spring Mondays',
        is_recurring: true,
        monday: true,
        start_date: '2026-03-02',
        end_date: '2026-05-25',
      }),
    ]);
    renderScreen('/dashboard/events', route);

    expect(titles('Upcoming')).toEqual(['Thursday gig', 'Fridays', 'Saturday gig']);
    expect(titles('Past')).toEqual(['Spring Mondays']);
    // A section with no cards has no heading.
    expect(screen.queryByRole('heading', { name: /^Drafts/ })).toBeNull();
  });

  it('keeps the empty state when there are no events', async () => {
    await signInAs();
    seedEvents([]);
    renderScreen('/dashboard/events', route);
    expect(screen.getByRole('heading', { name: 'No events yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Upcoming/ })).toBeNull();
  });
});
