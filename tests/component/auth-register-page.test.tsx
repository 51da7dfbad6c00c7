import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../src/features/auth/login-messages.ts';
import { Component as RegisterPage } from '../../src/features/auth/register-page.tsx';
import { stubApi } from './support/stub-api.ts';

function VerifyProbe() {
  const location = useLocation();
  return <p>verify at {location.pathname + location.search}</p>;
}

function renderRegister() {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/verify', element: <VerifyProbe /> },
    ],
    { initialEntries: ['/register'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function fillValidForm() {
  await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
  await userEvent.type(screen.getByLabelText('Full name'), 'New Owner');
  await userEvent.type(screen.getByLabelText('Display name'), 'new.owner');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-password-1');
  await userEvent.type(screen.getByLabelText('Date of birth'), '1990-05-17');
  await userEvent.selectOptions(screen.getByLabelText('Gender'), 'prefer not to say');
  await userEvent.click(screen.getByRole('radio', { name: 'Business' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('/register', () => {
  it('strips spaces from the display name while typing and explains the allowed characters', async () => {
    renderRegister();
    const displayName = screen.getByLabelText('Display name');
    await userEvent.type(displayName, 'my venue');
    expect(displayName).toHaveValue('myvenue');
    expect(displayName).not.toHaveAttribute('aria-invalid');
    await userEvent.type(displayName, '!');
    expect(displayName).toHaveAttribute('aria-invalid', 'true');
    expect(displayName).toHaveAccessibleDescription(
      expect.stringContaining('Display name can only use letters, numbers, "." and "_".'),
    );
  });

  it('refuses to send an invalid display name and moves focus to it', async () => {
    const { sent } = stubApi({});
    renderRegister();
    await fillValidForm();
    await userEvent.type(screen.getByLabelText('Display name'), '#');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Display name')).toHaveFocus();
    expect(sent).toHaveLength(0);
  });

  it('sends the spec fields with Promoter as subpromoter, then opens /verify with the email', async () => {
    const { sent } = stubApi({
      'POST /api/auth/register/': () => ({
        status: 201,
        body: { detail: 'Check your email.', email: 'new@example.com' },
      }),
    });
    const router = renderRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('radio', { name: 'Promoter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText(/verify at/);
    expect(router.state.location.pathname + router.state.location.search).toBe('/verify?email=new%40example.com');
    expect(sent[0]?.body).toEqual({
      email: 'new@example.com',
      full_name: 'New Owner',
      display_name: 'new.owner',
      password: 'a-long-password-1',
      date_of_birth: '1990-05-17',
      gender: 'prefer not to say',
      is_promoter: true,
      user_type: 'subpromoter',
    });
  });

  it('offers Business (with its address hint) and Promoter, and shows or hides the password', async () => {
    renderRegister();
    const business = screen.getByRole('radio', { name: 'Business' });
    // Asked first, with no default: nobody becomes a business by scrolling past the question.
    expect(business).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Promoter' })).not.toBeChecked();
    const fields = [...document.querySelectorAll('form input, form select')];
    expect(fields[0]).toBe(business);
    expect(business).toHaveAccessibleDescription(expect.stringMatching(/physical business address/i));
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'short');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Too short'));
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    const gender = screen.getByLabelText('Gender');
    expect([...(gender as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '',
      'male',
      'female',
      'prefer not to say',
    ]);
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
  });

  it('shows the server detail on failure, and field errors beside their fields with focus on the first', async () => {
    stubApi({
      'POST /api/auth/register/': () => ({
        status: 400,
        body: { detail: 'Please correct the highlighted fields.', errors: { email: ['That email is taken.'] } },
      }),
    });
    renderRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('That email is taken.');
    expect(email).toHaveFocus();
  });

  it('without a server detail says "Could not register. Please check your details."', async () => {
    stubApi({ 'POST /api/auth/register/': () => ({ status: 500, body: {} }) });
    renderRegister();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not register. Please check your details.');
    expect(alert).toHaveFocus();
  });

  it('Register without an account type says so at the choice and sends nothing', async () => {
    const { sent } = stubApi({});
    renderRegister();
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a-long-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const group = screen.getByRole('group', { name: 'Account type' });
    expect(group).toHaveAccessibleDescription(authMessages.chooseAccountType);
    const business = within(group).getByRole('radio', { name: 'Business' });
    await vi.waitFor(() => expect(business).toHaveFocus());
    expect(business).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });
});
