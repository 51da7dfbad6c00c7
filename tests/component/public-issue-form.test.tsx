import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IssueForm } from '../../src/features/issue/issue-form.tsx';
import { openDatabase } from '../../src/shared/db/open-database.ts';

function stubFetch(respond: () => Promise<Response>) {
  const calls: { url: string; init: RequestInit; answered: boolean }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { url, init, answered: false };
    calls.push(call);
    const response = await respond();
    call.answered = true;
    return response;
  });
  return calls;
}

function created(): Response {
  return new Response(JSON.stringify({ id: 1, detail: 'Thanks.' }), {
    status: 201,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Rows in the IndexedDB outbox: the report is kept until the server took it. */
async function outboxRows(): Promise<number> {
  return (await openDatabase()).count('outbox');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('issue form', () => {
  it('sends JSON with an idempotency key, thanks the reporter and clears both fields', async () => {
    const calls = stubFetch(async () => created());
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'me@example.com');
    await userEvent.type(screen.getByLabelText('Message'), '  It crashes on start  ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: /Thank you/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/auth/report-issue/');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      email: 'me@example.com',
      message: 'It crashes on start',
    });
    expect(new Headers(calls[0]?.init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves the email out when none was given', async () => {
    const calls = stubFetch(async () => created());
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Message'), 'Nothing loads at all');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: /Thank you/ });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ message: 'Nothing loads at all' });
  });

  it('a dropped request keeps the report, says so, and the outbox sends it once with the same key', async () => {
    let drop = true;
    const calls = stubFetch(async () => (drop ? Promise.reject(new TypeError('Failed to fetch')) : created()));
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Message'), 'The map is blank');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to submit right now. Please check your connection and try again.',
    );
    expect(screen.getByText(/saved on this device and will be sent automatically/)).toBeInTheDocument();
    // Online, the connection may come back any moment: no promise that contradicts "try again".
    expect(screen.queryByText(/no need to send it again/)).toBeNull();
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(await outboxRows()).toBe(1);

    drop = false;
    await waitFor(async () => expect(await outboxRows()).toBe(0), { timeout: 5_000 });
    // Only the report's sends: while it waits, the outbox also asks /api/health each second
    // (a slow run sees one), which is not a second send.
    const reports = calls.filter((call) => call.url === '/api/auth/report-issue/');
    const keys = new Set(reports.map((call) => new Headers(call.init.headers).get('Idempotency-Key')));
    expect(keys.size).toBe(1);
    expect(reports.filter((call) => call.answered)).toHaveLength(1);
  });

  it('a server fault (5xx) shows the generic sentence and keeps the report for a retry', async () => {
    stubFetch(async () => new Response('oops', { status: 503 }));
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Message'), 'Uploads never finish');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByText(/saved on this device/)).toBeInTheDocument();
    expect(await outboxRows()).toBe(1);
  });

  it('shows the server detail, or the generic sentence, and drops the refused report from the outbox', async () => {
    let body = JSON.stringify({ detail: 'Please slow down.' });
    stubFetch(async () => new Response(body, { status: 400, headers: { 'Content-Type': 'application/json' } }));
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Message'), 'Search is very slow');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please slow down.');
    // Refused, so dropped from the outbox: the text stays in the form to fix.
    expect(await outboxRows()).toBe(0);
    expect(screen.getByLabelText('Message')).toHaveValue('Search is very slow');
    body = 'not json';
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(await outboxRows()).toBe(0);
  });

  it('offline, keeps the report in the outbox, says so and clears the form', async () => {
    const calls = stubFetch(async () => created());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Message'), 'Offline report text');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // Only what is true offline: saved, and sent when back online; no "check your connection and try again".
    // The status region shows "Sending…" first; wait for the outbox to answer.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'You are offline. Your report is saved on this device and will be sent automatically when you are back online',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/try again/)).toBeNull();
    expect(screen.getByLabelText('Message')).toHaveValue('');
    // The emptied box carries no 10-character rule until the next report is being written.
    expect(screen.queryByText('Please describe the issue with at least 10 characters.')).toBeNull();
    expect(calls).toHaveLength(0);
    vi.restoreAllMocks();
  });

  it('says beside the greyed Submit why it is greyed, and describes the button with it', async () => {
    render(<IssueForm />);
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Please describe the issue with at least 10 characters.');
    await userEvent.type(screen.getByLabelText('Message'), 'Long enough now');
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAccessibleDescription(expect.stringContaining('10 characters'));
  });

  it('catches an invalid reply address before sending, at its field', async () => {
    const calls = stubFetch(async () => created());
    render(<IssueForm />);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Optional. Add it if you would like a reply.');
    await userEvent.type(email, 'me@example');
    await userEvent.type(screen.getByLabelText('Message'), 'The map does not load');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Enter a valid email address'));
    expect(calls).toHaveLength(0);
    await userEvent.type(email, '.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: /Thank you/ })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
