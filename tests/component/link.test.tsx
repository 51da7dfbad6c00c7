/**
 * src/components/link.tsx stands in for react-router's Link and NavLink (kept
 * out of the first-visit bundle): same href, same client-side navigation on a
 * plain click, the browser's way for anything else, and NavLink's `active`.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from '../../src/components/link.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, ui: React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            {ui}
            <Where />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: null }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link', () => {
  it('renders the href and navigates in the app on a plain click, after its own onClick', async () => {
    const onClick = vi.fn();
    const router = renderAt(
      '/',
      <Link to="/faq?q=1" className="x" onClick={onClick}>
        FAQ
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'FAQ' });
    expect(link).toHaveAttribute('href', '/faq?q=1');
    expect(link).toHaveClass('x');
    await userEvent.click(link);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByTestId('where')).toHaveTextContent('/faq');
    expect(router.state.location.search).toBe('?q=1');
  });

  it('leaves modified clicks, other targets and prevented clicks to the browser', () => {
    renderAt(
      '/',
      <>
        <Link to="/about">About</Link>
        <Link to="/terms" target="_blank">
          Terms
        </Link>
        <Link to="/privacy" onClick={(event) => event.preventDefault()}>
          Privacy
        </Link>
      </>,
    );
    // What the browser would be left to do (then stopped: jsdom cannot open documents).
    const leftToBrowser: boolean[] = [];
    const record = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', record);
    fireEvent.click(screen.getByRole('link', { name: 'About' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Terms' }));
    fireEvent.click(screen.getByRole('link', { name: 'Privacy' }));
    document.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true, true, false]);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('NavLink', () => {
  it('marks the current page and its parents, case-insensitively, and only the exact page with end', () => {
    renderAt(
      '/Dashboard/events',
      <>
        <NavLink to="/dashboard" className="nav-link">
          Dashboard
        </NavLink>
        <NavLink to="/dashboard" end className="nav-link">
          Exactly
        </NavLink>
        <NavLink to="/dashboard/events" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Events
        </NavLink>
        <NavLink to="/dash">Prefix only</NavLink>
      </>,
    );
    const dashboard = screen.getByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveClass('nav-link', 'active');
    expect(dashboard).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Exactly' })).not.toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Exactly' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Events' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Prefix only' })).not.toHaveAttribute('class');
  });
});
