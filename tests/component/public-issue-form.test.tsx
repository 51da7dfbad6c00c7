import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IssueForm } from '../../src/features/issue/issue-form.tsx';

function stubFetch(respond: () => Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond();
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('issue form', () => {
  it('sends JSON with an idempotency key, thanks the reporter and clears both fields', async () => {
    const calls = stubFetch(async () => new Response(JSON.stringify({ id: 1 }), { status: 201 }));
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
    const calls = stubFetch(async () => new Response('{}', { status: 201 }));
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Message'), 'Nothing loads at all');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: /Thank you/ });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ message: 'Nothing loads at all' });
  });

  it('retries a report that got no answer with the same key, and a changed report with a new one', async () => {
    const calls = stubFetch(async () => Promise.reject(new TypeError('Failed to fetch')));
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Message'), 'The map is blank');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to submit right now. Please check your connection and try again.',
    );
    expect(screen.getByLabelText('Message')).toHaveValue('The map is blank');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('alert');
    await userEvent.type(screen.getByLabelText('Message'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('alert');
    const keys = calls.map((call) => new Headers(call.init.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('shows the server detail, or the generic sentence', async () => {
    let body = JSON.stringify({ detail: 'Please slow down.' });
    stubFetch(async () => new Response(body, { status: 400 }));
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Message'), 'Search is very slow');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please slow down.');
    body = 'not json';
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('offline, keeps the report in the outbox, says so and clears the form', async () => {
    const calls = stubFetch(async () => new Response('{}', { status: 201 }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<IssueForm />);
    await userEvent.type(screen.getByLabelText('Message'), 'Offline report text');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to submit right now. Please check your connection and try again.',
    );
    expect(screen.getByRole('status')).toHaveTextContent(/saved on this device/);
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(calls).toHaveLength(0);
    vi.restoreAllMocks();
  });
});
