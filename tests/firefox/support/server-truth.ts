/**
 * What the server holds, read straight from it (not through the browser or the
 * proxy) with the API of contract §3–4: the test's source of truth.
 */
export const demoPassword = 'demo-password-1';

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function accessToken(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  return (await json<{ access: string }>(response)).access;
}

export interface ServerEvent {
  id: number;
  title: string;
  [field: string]: unknown;
}

export async function serverEvents(origin: string, email: string): Promise<ServerEvent[]> {
  const headers = { Authorization: `Bearer ${await accessToken(origin, email)}` };
  return json<ServerEvent[]>(await fetch(`${origin}/api/events/user/`, { headers }));
}

export async function serverProfile(origin: string, email: string): Promise<Record<string, unknown>> {
  const headers = { Authorization: `Bearer ${await accessToken(origin, email)}` };
  return json<Record<string, unknown>>(await fetch(`${origin}/api/auth/profile/`, { headers }));
}

/** Creates an event through the API (setup for journeys that start from existing events). */
export async function createEvent(origin: string, email: string, title: string): Promise<number> {
  const form = new FormData();
  form.append('title', title);
  form.append('location_name', 'Camden Town, England, GB');
  form.append('start_date', '2026-10-02');
  form.append('is_recurring', 'false');
  const response = await fetch(`${origin}/api/events/create/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await accessToken(origin, email)}` },
    body: form,
  });
  return (await json<{ id: number }>(response)).id;
}

/** How many mails to support contain `text` (the dev mailbox, contract §4). */
export async function supportCopies(origin: string, text: string): Promise<number> {
  const { messages } = await json<{ messages: { text: string }[] }>(
    await fetch(`${origin}/api/dev/mailbox?email=support@example.com`),
  );
  return messages.filter((message) => message.text.includes(text)).length;
}

/** Polls `read` until it returns `expected` (compared as JSON), or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Expected ${JSON.stringify(expected)} within ${timeoutMs} ms; last saw ${JSON.stringify(last)}`);
}

export function uniqueTitle(label: string): string {
  return `${label} ${Math.random().toString(36).slice(2, 7)}`;
}
