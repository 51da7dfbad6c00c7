import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RootLayout } from '../../src/app/layout/root-layout.tsx';
import { usePanel } from '../../src/app/layout/panel-store.ts';
import { useAuth } from '../../src/stores/auth-store.ts';

function renderLayout(path = '/') {
  const router = createMemoryRouter(
    [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <p>home</p> }] }],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('side panel', () => {
  it('opens on the Log in tab from Get Started and lists the menu links on the Menu tab', async () => {
    useAuth.setState({ status: 'signed-out', user: null });
    usePanel.setState({ open: false, tab: 'menu' });
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Menu' }));
    const panel = within(screen.getByRole('dialog', { name: 'Site menu' }));
    for (const name of ['Home', 'About', 'Report an Issue', 'FAQ', 'Contact']) {
      expect(panel.getByRole('link', { name })).toBeInTheDocument();
    }
    const legal = panel.getByRole('button', { name: 'Legal Policies' });
    expect(legal).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(legal);
    for (const name of ['Terms', 'Privacy', 'Delete Account', 'Child Safety']) {
      expect(panel.getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('moves between tabs with the arrow keys', async () => {
    usePanel.setState({ open: true, tab: 'menu' });
    renderLayout();
    (await screen.findByRole('tab', { name: 'Menu' })).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Log in' })).toHaveFocus();
    expect(usePanel.getState().tab).toBe('login');
  });

  it('opens the Log in tab for ?login=1 and removes the parameter', async () => {
    usePanel.setState({ open: false, tab: 'menu' });
    const router = renderLayout('/?login=1');
    expect(await screen.findByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('');
  });
});
