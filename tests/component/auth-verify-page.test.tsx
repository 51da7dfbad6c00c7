import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as VerifyPage } from '../../src/features/auth/verify-page.tsx';
import { readTokens } from '../../src/shared/db/token-storage.ts';
import { useAuth } from '../../src/stores/auth-store.ts';
import { businessUser, stubApi } from './support/stub-api.ts';

function renderVerify(email = 'new@example.com') {
  const router = createMemoryRouter(
    [
      { path: '/verify', element: <VerifyPage /> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: [`/verify?email=${encodeURIComponent(email)}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('/verify', () => {
  it('shows the note and a numeric one-time-code field of at most 6 characters', () => {
    renderVerify();
    expect(screen.getByText('We sent a 4-digit code to your email. Check your inbox (and spam).')).toBeInTheDocument();
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('maxLength', '6');
    expect(code).toHaveAttribute('inputMode', 'numeric');
    expect(code).toHaveAttribute('autoComplete', 'one-time-code');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });

  it('a correct code stores the tokens, signs in and opens /dashboard', async () => {
    const { sent } = stubApi({
      'POST /api/auth/verify-email/': () => ({ status: 200, body: { access: 'a1', refresh: 'r1' } }),
      'GET /api/auth/profile/': () => ({ status: 200, body: businessUser }),
    });
    const router = renderVerify();
    await userEvent.type(screen.getByLabelText('Verification code'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sent[0]?.body).toEqual({ email: 'new@example.com', code: '1234' });
    expect(await readTokens()).toEqual({ access: 'a1', refresh: 'r1' });
    expect(useAuth.getState().status).toBe('signed-in');
  });

  it('a wrong code shows the server detail linked to the code field, or "Invalid code or email."', async () => {
    stubApi({ 'POST /api/auth/verify-email/': () => ({ status: 400, body: { detail: 'That code is not right.' } }) });
    renderVerify();
    const code = screen.getByLabelText('Verification code');
    await userEvent.type(code, '0000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription('That code is not right.'));
    expect(code).toHaveFocus();

    vi.unstubAllGlobals();
    stubApi({ 'POST /api/auth/verify-email/': () => ({ status: 400, body: {} }) });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription('Invalid code or email.'));
  });

  it('Resend code confirms with the spec sentence, or shows the detail or "Could not resend the code."', async () => {
    const { sent } = stubApi({
      'POST /api/auth/resend_verification/': () => ({ status: 200, body: { detail: 'ok' } }),
    });
    renderVerify();
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Verification code resent. Please check your inbox.');
    expect(sent[0]?.body).toEqual({ email: 'new@example.com' });

    vi.unstubAllGlobals();
    stubApi({
      'POST /api/auth/resend_verification/': () => ({
        status: 429,
        body: { detail: 'Please wait a minute before asking again.' },
        headers: { 'Retry-After': '60' },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Please wait a minute before asking again.')).toBeInTheDocument();

    vi.unstubAllGlobals();
    stubApi({ 'POST /api/auth/resend_verification/': () => ({ status: 500, body: {} }) });
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Could not resend the code.')).toBeInTheDocument();
  });
});
