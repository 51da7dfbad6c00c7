/**
 * An event card's Embed (contract §11): the button opens a panel with the
 * iframe code of the event's frame (`/embed/e/{id}` on this origin) to copy,
 * a Copy button that says it copied — or selects the code when the clipboard
 * is refused — and the frame itself as a live preview; a listing not yet
 * sent has no Embed.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedButton } from '../../src/components/embed/embed-button.tsx';
import { Component as EventsPage } from '../../src/features/events/events-page.tsx';
import { eventRecord } from '../support/event-record.ts';
import { renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';

const route = { path: '/dashboard/events', Component: EventsPage };

async function openEmbed(title = 'Jazz on the roof') {
  const card = await screen.findByRole('article', { name: title });
  await userEvent.click(within(card).getByRole('button', { name: 'Embed' }));
  return screen.findByRole('dialog', { name: `Embed: ${title}` });
}

describe('Embed on an event card', () => {
  beforeEach(async () => {
    await signInAs({ id: 7 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the frame's iframe code and copies it with the Copy button", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const dialog = await openEmbed();
    const code = within(dialog).getByRole('textbox', { name: 'Code to paste' });
    const src = `${window.location.origin}/embed/e/12`;
    expect((code as HTMLTextAreaElement).value).toBe(
      `<iframe src="${src}" title="Jazz on the roof" width="400" height="260" style="border:0;max-width:100%" loading="lazy"></iframe>`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith((code as HTMLTextAreaElement).value);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Code copied');
  });

  it('shows the live frame as a preview, titled for screen readers', async () => {
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const dialog = await openEmbed();
    const preview = within(dialog).getByTitle('Preview: Jazz on the roof');
    expect(preview.tagName).toBe('IFRAME');
    expect(preview).toHaveAttribute('src', `${window.location.origin}/embed/e/12`);
  });

  it('selects the code for copying by hand when the clipboard is refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const dialog = await openEmbed();
    const code = within(dialog).getByRole('textbox', { name: 'Code to paste' }) as HTMLTextAreaElement;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Press Ctrl+C (or ⌘C) to copy the selected code',
    );
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.selectionEnd - code.selectionStart).toBe(code.value.length);
  });

  it('closes with its Close button', async () => {
    seedEvents([eventRecord()]);
    renderScreen('/dashboard/events', route);
    const dialog = await openEmbed();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Embed: Jazz on the roof' })).toBeNull());
  });

  it('is not offered for a listing the outbox has not sent yet (no public page)', () => {
    render(<EmbedButton target="event:tmp-4f1c" title="Not sent" />);
    expect(screen.queryByRole('button', { name: 'Embed' })).toBeNull();
  });
});
