import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ProfilePage } from '../../src/features/profile/profile-page.tsx';
import { useAuth } from '../../src/stores/auth-store.ts';
import { renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { businessUser, stubApi } from './support/stub-api.ts';

const route = { path: '/dashboard/profile', Component: ProfilePage };

describe('Profile: Change password', () => {
  beforeEach(async () => {
    await signInAs();
    seedEvents([]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the current and new password and says it is done', async () => {
    const { sent } = stubApi({
      'POST /api/auth/password/change/': () => ({ status: 200, body: { detail: 'Your password has been changed.' } }),
    });
    renderScreen('/dashboard/profile', route);
    await userEvent.type(await screen.findByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const form = screen.getByRole('form', { name: 'Change password' });
    expect(await within(form).findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(sent.find((r) => r.path.endsWith('/password/change/'))?.body).toEqual({
      current_password: 'old-password-1',
      new_password: 'new-password-2',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('has a Show toggle on each password field, as registration does', async () => {
    stubApi({});
    renderScreen('/dashboard/profile', route);
    const current = await screen.findByLabelText('Current password');
    const form = screen.getByRole('form', { name: 'Change password' });
    const toggles = within(form).getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    expect(current).toHaveAttribute('type', 'password');
    await userEvent.click(toggles[0]!);
    expect(current).toHaveAttribute('type', 'text');
    expect(toggles[0]).toHaveAttribute('aria-pressed', 'true');
    expect(toggles[0]).toHaveTextContent('Hide');
  });

  it('puts a wrong current password on its field', async () => {
    stubApi({
      'POST /api/auth/password/change/': () => ({
        status: 400,
        body: {
          detail: 'Your current password is not right.',
          errors: { current_password: ['Your current password is not right.'] },
        },
      }),
    });
    renderScreen('/dashboard/profile', route);
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const current = screen.getByLabelText('Current password');
    await vi.waitFor(() => expect(current).toHaveFocus());
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Your current password is not right.');
    // Once, beside its field: not a second time under the button.
    expect(screen.getAllByText('Your current password is not right.')).toHaveLength(1);
  });
});

describe('Profile: change email', () => {
  beforeEach(async () => {
    await signInAs();
    seedEvents([]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a code sent to the new address, then confirms it and shows the new email', async () => {
    const { sent } = stubApi({
      'POST /api/auth/email/change/': () => ({
        status: 200,
        body: { detail: 'We sent a 4-digit code to moved@example.com.' },
      }),
      'POST /api/auth/email/confirm/': () => ({
        status: 200,
        body: { detail: 'Your email address is now moved@example.com.' },
      }),
      'GET /api/auth/profile/': () => ({ status: 200, body: { ...businessUser, email: 'moved@example.com' } }),
    });
    renderScreen('/dashboard/profile', route);
    await userEvent.type(await screen.findByLabelText('New email'), 'moved@example.com');
    await userEvent.type(screen.getByLabelText('Your password'), 'my-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    const code = await screen.findByLabelText('Code sent to the new email');
    expect(sent.find((r) => r.path.endsWith('/email/change/'))?.body).toEqual({
      new_email: 'moved@example.com',
      current_password: 'my-password-1',
    });
    await userEvent.type(code, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm email' }));
    await vi.waitFor(() => expect(useAuth.getState().user?.email).toBe('moved@example.com'));
    expect(sent.find((r) => r.path.endsWith('/email/confirm/'))?.body).toEqual({ code: '1234' });
    expect(await screen.findByText('Your email address is now moved@example.com.')).toBeInTheDocument();
  });
});
