import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPanel } from '../../src/features/auth/login-panel.tsx';
import { readTokens } from '../../src/shared/db/token-storage.ts';
import { useAuth } from '../../src/stores/auth-store.ts';
import { businessUser, stubApi } from './support/stub-api.ts';

function renderPanel(onDone = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginPanel onDone={onDone} /> },
      { path: '/dashboard', element: <p>dashboard</p> },
      { path: '/register', element: <p>register</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onDone };
}

afterEach(() => vi.unstubAllGlobals());

describe('the Log in tab', () => {
  it('a wrong password shows "Invalid email or password." linked to the fields, and focus moves there', async () => {
    useAuth.setState({ status: 'signed-out', user: null });
    stubApi({ 'POST /api/auth/login/': () => ({ status: 401, body: { detail: 'No active account.' } }) });
    const { onDone } = renderPanel();
    await userEvent.type(screen.getByLabelText('Email'), 'business@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password.');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Invalid email or password.');
    expect(email).toHaveFocus();
    expect(onDone).not.toHaveBeenCalled();
    expect(await readTokens()).toBeNull();
  });

  it('success stores the tokens, loads the profile and closes the panel', async () => {
    useAuth.setState({ status: 'signed-out', user: null });
    const { sent } = stubApi({
      'POST /api/auth/login/': () => ({ status: 200, body: { access: 'a1', refresh: 'r1' } }),
      'GET /api/auth/profile/': () => ({ status: 200, body: businessUser }),
    });
    const { onDone } = renderPanel();
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent[0]?.body).toEqual({ email: 'new@example.com', password: 'demo-password-1' });
    expect(await readTokens()).toEqual({ access: 'a1', refresh: 'r1' });
    expect(useAuth.getState()).toMatchObject({ status: 'signed-in', user: { id: 1 } });
  });

  it('signed in, the tab offers Go to Dashboard instead of the form', async () => {
    useAuth.setState({ status: 'signed-in', user: { ...businessUser, gender: '', user_type: 'business' } });
    const { router, onDone } = renderPanel();
    expect(screen.queryByLabelText('Email')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(onDone).toHaveBeenCalled();
  });

  it('links to registration', () => {
    useAuth.setState({ status: 'signed-out', user: null });
    renderPanel();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });
});
