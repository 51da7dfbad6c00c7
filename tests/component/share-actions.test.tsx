/**
 * Share and QR poster on a dashboard record: before the outbox has
 * sent an offline-created listing there is no link, and Share says why; once
 * it has an id, Share hands title, text and the public URL to the system
 * share sheet, and the poster link points at the record.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareActions } from '../../src/components/share/share-actions.tsx';
import { SHARE_NOT_YET } from '../../src/components/share/share-button.tsx';

const renderActions = (target: string) =>
  render(
    <MemoryRouter>
      <ShareActions target={target} title="Rooftop Jazz" text="Sat 4 Jul · London" />
    </MemoryRouter>,
  );

describe('share actions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains that a listing created offline has no link until it has synced', async () => {
    const share = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, share });
    renderActions('event:tmp-4f2a');
    const button = screen.getByRole('button', { name: 'Share' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(SHARE_NOT_YET);
    expect(screen.getByText(SHARE_NOT_YET)).toBeVisible();
    await userEvent.click(button);
    expect(share).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'QR poster' })).toBeNull();
  });

  it('uses the share sheet with the public URL once the listing has an id', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    renderActions('event:12');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Rooftop Jazz',
      text: 'Sat 4 Jul · London',
      url: `${window.location.origin}/e/12/rooftop-jazz?src=share`,
    });
    expect(screen.getByRole('link', { name: 'QR poster' })).toHaveAttribute('href', '/dashboard/poster/12');
  });

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      share: undefined,
      clipboard: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    renderActions('event:12');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('textbox', { name: 'Public link' })).toHaveValue(
      `${window.location.origin}/e/12/rooftop-jazz?src=share`,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Copy the link below');
  });
});
