import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ProfilePage } from '../../src/features/profile/profile-page.tsx';
import { renderScreen, signInAs, seedEvents, formFields } from './support/dashboard-harness.tsx';
import { businessUser, stubApi } from './support/stub-api.ts';

const DISPLAY_NAME_MESSAGE = 'Display name can only use letters, numbers, "." and "_".';

describe('profile form', () => {
  beforeEach(async () => {
    await signInAs();
    seedEvents([]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('strips spaces while typing and explains the display-name rule', async () => {
    stubApi({});
    renderScreen('/dashboard/profile', { path: '/dashboard/profile', Component: ProfilePage });
    const name = await screen.findByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, 'new owner');
    expect(name).toHaveValue('newowner');
    expect(screen.queryByText(DISPLAY_NAME_MESSAGE)).toBeNull();
    await userEvent.type(name, '!');
    expect(screen.getByText(DISPLAY_NAME_MESSAGE)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves through the outbox and says Saved ✓', async () => {
    const { sent } = stubApi({
      'PATCH /api/auth/profile/': () => ({ status: 200, body: { ...businessUser, bio: 'Late-night jazz' } }),
    });
    renderScreen('/dashboard/profile', { path: '/dashboard/profile', Component: ProfilePage });
    await userEvent.type(await screen.findByLabelText('Bio'), 'Late-night jazz');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved ✓', {}, { timeout: 5000 })).toBeInTheDocument();
    const patch = sent.find((request) => request.method === 'PATCH');
    expect(formFields(patch?.body)).toEqual({ display_name: 'new.owner', bio: 'Late-night jazz' });
  });

  it('shows the server detail, or Failed to save. when there is none', async () => {
    let detail: string | null = 'That display name is taken.';
    stubApi({
      'PATCH /api/auth/profile/': () => ({ status: 400, body: detail ? { detail } : {} }),
    });
    renderScreen('/dashboard/profile', { path: '/dashboard/profile', Component: ProfilePage });
    await userEvent.type(await screen.findByLabelText('Bio'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('That display name is taken.');
    detail = null;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('offline, keeps the change on the device and says it is pending', async () => {
    const { sent } = stubApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderScreen('/dashboard/profile', { path: '/dashboard/profile', Component: ProfilePage });
    await userEvent.type(await screen.findByLabelText('Bio'), 'Offline bio');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Saved on this device/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(0);
    vi.restoreAllMocks();
  });

  it('accepts only image files as the profile image', async () => {
    stubApi({});
    renderScreen('/dashboard/profile', { path: '/dashboard/profile', Component: ProfilePage });
    const input = await screen.findByLabelText('Profile image');
    expect(input).toHaveAttribute('accept', 'image/*');
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(screen.getByText(/Please choose an image file/)).toBeInTheDocument();
  });
});
