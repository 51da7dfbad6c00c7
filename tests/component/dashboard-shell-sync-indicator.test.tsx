/**
 * The sync indicator says what is true from the outcome of real requests: when
 * sends get no answer while the browser says online, "Can't reach Roamly ·
 * N waiting · retrying in S s" with a live count and countdown, as one button
 * that sends the queue now; offline and all-sent keep their wording.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncIndicator } from '../../src/features/dashboard/shell/sync-indicator.tsx';
import { initialSyncState, useSync } from '../../src/stores/sync-store.ts';

const sendQueueNow = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../src/stores/sync-actions.ts', () => ({ sendQueueNow }));

function renderIndicator() {
  const router = createMemoryRouter([{ path: '/dashboard', Component: SyncIndicator }], {
    initialEntries: ['/dashboard'],
  });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  useSync.setState(initialSyncState, true);
  sendQueueNow.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sync indicator', () => {
  it("says it can't reach Roamly, how many wait and when it retries, live", async () => {
    useSync.setState({ online: true, reachable: false, pending: 3, nextRetryAt: Date.now() + 20_000 });
    renderIndicator();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent("Can't reach Roamly · 3 waiting · retrying in 20 s");

    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(status).toHaveTextContent("Can't reach Roamly · 3 waiting · retrying in 15 s");

    act(() => useSync.setState({ pending: 2, nextRetryAt: Date.now() + 30_000 }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(status).toHaveTextContent("Can't reach Roamly · 2 waiting · retrying in 29 s");
    expect(status).not.toHaveTextContent('Online');
  });

  it('is one button, at least a tap target, that sends the queue now; the countdown is not read out', () => {
    useSync.setState({ online: true, reachable: false, pending: 3, nextRetryAt: Date.now() + 20_000 });
    renderIndicator();
    const button = screen.getByRole('button', { name: /^Can't reach Roamly · 3 waiting\b.*send now$/ });
    expect(button.getAttribute('aria-label')).toBeNull(); // the name is the visible words
    expect(button).not.toHaveAccessibleName(/retrying/);
    expect(button).toHaveClass('sync-reach'); // dashboard.css: min-height 44px
    fireEvent.click(button);
    expect(sendQueueNow).toHaveBeenCalledTimes(1);
  });

  it('keeps the offline wording when the browser says offline', () => {
    useSync.setState({ online: false, reachable: false, pending: 3, nextRetryAt: null });
    renderIndicator();
    expect(screen.getByRole('status')).toHaveTextContent('Offline');
    expect(screen.getByRole('link', { name: '3 pending' })).toBeInTheDocument();
    expect(screen.queryByText(/Can't reach/)).toBeNull();
  });

  it('keeps the online and all-saved wording when everything is sent', () => {
    useSync.setState({ online: true, reachable: false, pending: 0, nextRetryAt: null });
    renderIndicator();
    expect(screen.getByRole('status')).toHaveTextContent('Online');
    expect(screen.getByRole('link', { name: /^All changes saved/ })).toBeInTheDocument();
    expect(screen.queryByText(/Can't reach/)).toBeNull();
  });

  it('says online with the pending count while the server answers', () => {
    useSync.setState({ online: true, reachable: true, pending: 2, nextRetryAt: Date.now() + 10_000 });
    renderIndicator();
    expect(screen.getByRole('status')).toHaveTextContent('Online');
    expect(screen.getByRole('link', { name: '2 pending' })).toBeInTheDocument();
  });
});
