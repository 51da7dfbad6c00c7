import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPanel } from '../../src/features/auth/login-panel.tsx';
import { Component as ResetPasswordPage } from '../../src/features/auth/reset-password-page.tsx';
import { readArrivalNotice } from '../../src/components/forms/arrival-notice.ts';
import { readTokens } from '../../src/shared/db/token-storage.ts';
import { useAuth } from '../../src/stores/auth-store.ts';
import { businessUser, stubApi } from './support/stub-api.ts';

function renderAt(entry: string) {
  const onDone = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginPanel onDone={onDone} /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return { router, onDone };
}

afterEach(() => vi.unstubAllGlobals());

describe('Forgot password?', () => {
  it('on the Log in tab leads to /reset-password with the typed email and closes the panel', async () => {
    useAuth.setState({ status: 'signed-out', user: null });
    const { router, onDone } = renderAt('/');
    await userEvent.type(screen.getByLabelText('Email'), 'owner@example.com');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(onDone).toHaveBeenCalled();
    expect(await screen.findByLabelText('Email')).toHaveValue('owner@example.com');
  });
});

describe('/reset-password', () => {
  it('has Email, Code and New password fields and the Send code and Reset password buttons', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    const code = screen.getByLabelText('Code');
    expect(code).toHaveAttribute('inputMode', 'numeric');
    expect(code).toHaveAttribute('autoComplete', 'one-time-code');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autoComplete', 'new-password');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
  });

  it('Send code asks for a code and shows the server’s sentence', async () => {
    const { sent } = stubApi({
      'POST /api/auth/password/forgot/': () => ({ status: 200, body: { detail: 'If an account uses this email…' } }),
    });
    renderAt('/reset-password');
    await userEvent.type(screen.getByLabelText('Email'), ' owner@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account uses this email…');
    expect(sent[0]?.body).toEqual({ email: 'owner@example.com' });
  });

  it('Reset password signs in with the returned tokens and opens /dashboard', async () => {
    const { sent } = stubApi({
      'POST /api/auth/password/reset/': () => ({ status: 200, body: { access: 'a2', refresh: 'r2' } }),
      'GET /api/auth/profile/': () => ({ status: 200, body: businessUser }),
    });
    const { router } = renderAt('/reset-password?email=owner%40example.com');
    await userEvent.type(screen.getByLabelText('Code'), '4321');
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sent[0]?.body).toEqual({ email: 'owner@example.com', code: '4321', password: 'a-new-password' });
    expect(await readTokens()).toEqual({ access: 'a2', refresh: 'r2' });
    expect(useAuth.getState().status).toBe('signed-in');
  });

  it('a refused request shows the server detail as an alert that takes focus', async () => {
    stubApi({ 'POST /api/auth/password/reset/': () => ({ status: 400, body: { detail: 'Invalid code or email.' } }) });
    const { router } = renderAt('/reset-password?email=owner%40example.com');
    await userEvent.type(screen.getByLabelText('Code'), '0000');
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid code or email.');
    await vi.waitFor(() => expect(alert).toHaveFocus());
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('a wrong code is written next to the Code field, which takes focus', async () => {
    stubApi({
      'POST /api/auth/password/reset/': () => ({
        status: 400,
        body: { detail: 'Invalid code or email.', errors: { code: ['Invalid code or email.'] } },
      }),
    });
    renderAt('/reset-password?email=owner%40example.com');
    const code = screen.getByLabelText('Code');
    await userEvent.type(code, '0000');
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await vi.waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Invalid code or email.'));
  });

  it('is two steps: Enter in Email sends the code and asks for nothing else yet', async () => {
    const { sent } = stubApi({
      'POST /api/auth/password/forgot/': () => ({ status: 200, body: { detail: 'We sent a 4-digit code.' } }),
    });
    renderAt('/reset-password');
    await userEvent.type(screen.getByLabelText('Email'), 'owner@example.com{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a 4-digit code.');
    expect(sent.map((r) => r.path)).toEqual(['/api/auth/password/forgot/']);
    expect(screen.getByLabelText('Code')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    // The next thing to type is the code.
    await vi.waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
  });

  it('Reset password without a code says so at the Code field and sends nothing', async () => {
    const { sent } = stubApi({});
    renderAt('/reset-password?email=owner%40example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    const code = screen.getByLabelText('Code');
    await vi.waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter the 4-digit code'));
    expect(sent).toEqual([]);
  });

  it('after a reset the dashboard is told to say "Password changed"', async () => {
    stubApi({
      'POST /api/auth/password/reset/': () => ({ status: 200, body: { access: 'a2', refresh: 'r2' } }),
      'GET /api/auth/profile/': () => ({ status: 200, body: businessUser }),
    });
    const { router } = renderAt('/reset-password?email=owner%40example.com');
    await userEvent.type(screen.getByLabelText('Code'), '4321');
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password{Enter}');
    await screen.findByText('dashboard');
    expect(readArrivalNotice(router.state.location.state)).toMatch(/^Password changed/);
  });
});

describe('/reset-password opened from the email’s link', () => {
  const token = 'x'.repeat(43);

  it('asks only for the new password and signs in with the link', async () => {
    const { sent } = stubApi({
      'POST /api/auth/password/reset-link/': () => ({ status: 200, body: { access: 'a3', refresh: 'r3' } }),
      'GET /api/auth/profile/': () => ({ status: 200, body: businessUser }),
    });
    const { router } = renderAt(`/reset-password?token=${token}`);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByLabelText('Code')).toBeNull();
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password{Enter}');
    await screen.findByText('dashboard');
    expect(sent[0]?.body).toEqual({ token, password: 'a-new-password' });
    expect(readArrivalNotice(router.state.location.state)).toMatch(/^Password changed/);
  });

  it('a spent link says so and offers a new code', async () => {
    const detail = 'This reset link has expired or was already used. Please ask for a new code.';
    stubApi({
      'POST /api/auth/password/reset-link/': () => ({ status: 400, body: { detail, errors: { token: [detail] } } }),
    });
    renderAt(`/reset-password?token=${token}`);
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new code instead' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});
