import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as BusinessPage } from '../../src/features/business/business-page.tsx';
import { categories } from '../../src/shared/contract/categories.ts';
import { eventRecord } from '../support/event-record.ts';
import { formFields, renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { stubApi } from './support/stub-api.ts';

const routes = [
  { path: '/dashboard/add-business', Component: BusinessPage },
  { path: '/dashboard/business/:id', Component: BusinessPage },
];

describe('business listing form', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers exactly the 9 categories and the full subcategory list of the chosen one', async () => {
    stubApi({});
    seedEvents([]);
    renderScreen('/dashboard/add-business', routes);
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Music',
      'Drinks',
      'Food',
      'Marketplace',
      'Social',
      'Sports Club',
      'Arts & Culture',
      'Wellness',
      'Business & Learning',
    ]);
    await userEvent.selectOptions(category, 'Food');
    const subcategory = screen.getByRole('combobox', { name: 'Subcategory' });
    const food = categories.find((c) => c.value === 'food')?.subcategories ?? [];
    expect(
      within(subcategory)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([...food]);
  });

  it('creates the listing with keywords and blocks as JSON, then the weekly follow-up', async () => {
    const { sent } = stubApi({
      'POST /api/events/create/': () => ({ status: 201, body: eventRecord({ id: 50, is_recurring: true }) }),
      'PUT /api/events/50/update/': () => ({ status: 200, body: eventRecord({ id: 50, is_recurring: true }) }),
    });
    seedEvents([]);
    renderScreen('/dashboard/add-business', routes);
    await userEvent.type(screen.getByLabelText('Title'), 'Harbour Lights');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Drinks');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Subcategory' }), 'Cocktail Bar');
    await userEvent.type(screen.getByLabelText('Keywords'), 'Cocktails{Enter}Canal{Enter}');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add hours to Fri' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true), { timeout: 5000 });
    const create = formFields(sent.find((request) => request.method === 'POST')?.body);
    expect(create).toMatchObject({
      title: 'Harbour Lights',
      is_recurring: 'true',
      event_type: 'drinks',
      event_subtype: 'Cocktail Bar',
      keywords: '["cocktails","canal"]',
      schedule_blocks: '{"friday":[{"start":"09:00","end":"17:00"}]}',
    });
    expect(create).not.toHaveProperty('latitude');
    expect(formFields(sent.find((request) => request.method === 'PUT')?.body)).toMatchObject({
      is_recurring: 'true',
      friday: 'true',
      monday: 'false',
    });
  });

  it('raises the Failed to save business. alert when the server refuses', async () => {
    stubApi({ 'POST /api/events/create/': () => ({ status: 400, body: {} }) });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    seedEvents([]);
    renderScreen('/dashboard/add-business', routes);
    await userEvent.type(screen.getByLabelText('Title'), 'Harbour Lights');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to save business.'), { timeout: 5000 });
  });

  it('with a listing already there, Add Business opens it (one per user)', async () => {
    stubApi({});
    seedEvents([eventRecord({ id: 9, title: 'Harbour Lights', is_recurring: true })]);
    const router = renderScreen('/dashboard/add-business', routes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/business/9'), { timeout: 5000 });
  });
});
